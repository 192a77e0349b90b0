// What `proxy --listen` answers a client that reads its 401 as an OAuth challenge. The proxy
// takes a static bearer token (MCP_TOOL_NAMES_TOKEN), not OAuth, but MCP clients take any
// `401` + `WWW-Authenticate: Bearer` for the start of the MCP authorization flow: discovery
// (RFC 9728 protected resource metadata, RFC 8414 and OpenID Connect authorization server
// metadata), then dynamic client registration (RFC 7591) at `/register`, then a browser.
// Measured with mcp-remote 0.15, the MCP Inspector 2.12 and mcporter 0.12: left with a 401 on
// every path, mcp-remote waits for a browser for ever ("Waiting for authorization…"), the
// Inspector shows the 401's JSON-RPC body as a registration error and mcporter an OAuth error
// dump. So: no discovery document (404, as a server without OAuth answers; every client then
// falls back to `/register` at the origin), and a registration refused with the RFC 7591 error
// a client prints, whose description says what to send instead. The 401 names no
// `resource_metadata`: there is no protected resource metadata to point at.
import type { IncomingMessage, ServerResponse } from "node:http";
import { TOKEN_VARIABLE } from "./_context.js";
import type { ProxyLogger } from "./log.js";

/**
 * The sentence a client shows instead of starting OAuth. It avoids the words a client matches
 * to choose what to do next: "Unauthorized" makes mcp-remote wait for a browser, "Not Found",
 * "404" or "405" make it retry over the legacy SSE transport.
 */
export const STATIC_TOKEN_HINT: string = `This MCP server (mcp-tool-names proxy --listen) takes a static bearer token, not OAuth: send Authorization: Bearer <token> with the token set in ${TOKEN_VARIABLE} where the proxy runs`;

/**
 * The well-known paths of OAuth discovery, wherever the client puts the server's path (before,
 * as RFC 8414 §3.1 and RFC 9728 §3.1 insert it, or after, as OpenID Connect Discovery §4 appends).
 */
const DISCOVERY =
	/(^|\/)\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/|$)/;

/**
 * Answers a request that carries no valid token when it is a step of OAuth discovery or
 * dynamic client registration, so that the client shows {@link STATIC_TOKEN_HINT} and stops.
 * The listener calls it only for requests the token check refused, which have passed the Host
 * and Origin checks; without a token configured it is never reached.
 *
 * @param request - the refused request
 * @param response - its response, not yet written
 * @param path - the request's path
 * @param log - the proxy's logger (one `refused` line per answer, as for every refusal)
 * @returns whether it answered; `false` leaves the request to the caller's 401
 */
export function answerOAuth(
	request: IncomingMessage,
	response: ServerResponse,
	path: string,
	log: ProxyLogger,
): boolean {
	let status: number;
	let error: string;
	if (request.method === "POST" && path === "/register") {
		// RFC 7591 §3.2.2: a refused registration is a 400 with `error` and `error_description`.
		status = 400;
		error = "invalid_client_metadata";
	} else if (request.method === "GET" && DISCOVERY.test(path)) {
		status = 404;
		error = "not_found";
	} else return false;
	log({
		event: "refused",
		message: `Refused ${request.method} ${path} from ${request.socket.remoteAddress ?? "?"}: ${status}, an OAuth ${status === 400 ? "client registration" : "discovery"}; the proxy takes the bearer token in ${TOKEN_VARIABLE}, and told the client so`,
		status,
	});
	response
		.writeHead(status, {
			"content-type": "application/json",
			"cache-control": "no-store",
		})
		.end(JSON.stringify({ error, error_description: STATIC_TOKEN_HINT }));
	return true;
}
