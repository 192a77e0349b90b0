/**
 * The end-to-end acceptance checks, run against every real transport and SDK line: the
 * caller supplies a connected, unwrapped client of the server under test.
 */
import { isWireSafe } from "mcp-tool-names";
import { afterAll, beforeAll, expect, it } from "vitest";
import { quietToolNameWarnings } from "../adapters/sdk/_quiet.js";

/** A connected SDK client of either line; only the two calls the checks make. */
export interface E2eClient {
	listTools(): Promise<{ tools: { name: string }[] }>;
	callTool(params: {
		name: string;
		arguments?: Record<string, unknown>;
	}): Promise<unknown>;
}

/** Starts the server under test (with or without `resolve`) and connects a client to it. */
export type Connect = (
	resolve: boolean,
) => Promise<E2eClient & { close(): Promise<void> }>;

/** The text of a result, or the message of a failure, whichever the call produced. */
export async function answer(
	client: E2eClient,
	name: string,
	input = "",
): Promise<{ failed: boolean; text: string }> {
	try {
		const result = (await client.callTool({
			name,
			arguments: { input },
		})) as { isError?: boolean; content?: { type: string; text?: string }[] };
		const text = result.content?.find((item) => item.type === "text")?.text;
		return { failed: result.isError === true, text: text ?? "" };
	} catch (error) {
		return { failed: true, text: (error as Error).message };
	}
}

/**
 * Registers the checks in the current `describe`. One server per `resolve` setting serves
 * all of them (started together before the first, stopped after the last), so a real child
 * process is spawned twice per suite, not once per check.
 */
export function acceptance(start: Connect): void {
	const clients = new Map<boolean, E2eClient & { close(): Promise<void> }>();
	beforeAll(async () => {
		quietToolNameWarnings();
		const [plain, resolving] = await Promise.all([start(false), start(true)]);
		clients.set(false, plain);
		clients.set(true, resolving);
	});
	afterAll(async () => {
		await Promise.all([...clients.values()].map((client) => client.close()));
		clients.clear();
	});
	const connect = async (resolve: boolean): Promise<E2eClient> => {
		const client = clients.get(resolve);
		if (client === undefined) throw new Error("the server did not start");
		return client;
	};

	it("lists websearch_fetch_content and only names valid for the profile", async () => {
		const client = await connect(false);
		const names = (await client.listTools()).tools.map((tool) => tool.name);
		expect(names).toContain("websearch_fetch_content");
		expect(names).not.toContain("websearch/fetch_content");
		expect(names.filter((name) => !isWireSafe(name))).toEqual([]);
	});

	it("routes websearch_fetch_content to the tool registered as websearch/fetch_content", async () => {
		const client = await connect(false);
		await client.listTools();
		expect(
			await answer(client, "websearch_fetch_content", "a.example"),
		).toEqual({
			failed: false,
			text: "websearch/fetch_content fetched a.example",
		});
	});

	it("routes a legacy client's canonical websearch/fetch_content", async () => {
		const client = await connect(false);
		expect(
			await answer(client, "websearch/fetch_content", "b.example"),
		).toEqual({
			failed: false,
			text: "websearch/fetch_content fetched b.example",
		});
	});

	it("routes fetch_content with resolve: true", async () => {
		const client = await connect(true);
		expect(await answer(client, "fetch_content", "c.example")).toEqual({
			failed: false,
			text: "websearch/fetch_content fetched c.example",
		});
	});

	it("fails fetch_content with a Did you mean hint without resolve", async () => {
		const client = await connect(false);
		const { failed, text } = await answer(client, "fetch_content");
		expect(failed).toBe(true);
		expect(text).toMatch(
			/Tool fetch_content not found\. Did you mean websearch_fetch_content\?$/,
		);
	});

	it("never auto-corrects onto the destructive tool", async () => {
		const client = await connect(true);
		const { failed, text } = await answer(client, "delete_all");
		expect(failed).toBe(true);
		expect(text).toMatch(
			/Tool delete_all not found\. Did you mean files_delete_all\?$/,
		);
		expect(text).not.toContain("deleted everything");
	});
}
