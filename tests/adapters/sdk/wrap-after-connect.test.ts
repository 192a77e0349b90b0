import { describe, expect, it } from "vitest";
import { wrapServer } from "../../../src/adapters/sdk/index.js";
import { quietToolNameWarnings, SERVER_KITS } from "./_kits.js";

quietToolNameWarnings();

/*
 * docs/wrapping-a-server.md says a server can be wrapped after `connect()`: the wrapper
 * intercepts the SDK's handler table at dispatch time, so requests that arrive after the
 * wrap see wire names, whatever was connected before.
 */
describe("wrapServer after connect()", () => {
	it.each(SERVER_KITS)(
		"puts wire names on a $label that is already connected",
		async (kit) => {
			const handle = kit.create();
			handle.add({ name: "websearch/fetch_content" });
			const peer = await kit.connect(handle.server);
			try {
				expect(await peer.names()).toEqual(["websearch/fetch_content"]);
				wrapServer(handle.server);
				// a call before any list after wrapping still routes
				expect(
					(await peer.call("websearch_fetch_content", { q: "a" })).text,
				).toBe("websearch/fetch_content:a");
				expect(await peer.names()).toEqual(["websearch_fetch_content"]);
				// a client that listed before the wrap still routes with what it saw
				expect((await peer.call("websearch/fetch_content")).kind).toBe("ok");
				handle.add({ name: "linear.list_issues/all" });
				expect(await peer.names()).toEqual([
					"websearch_fetch_content",
					"linear_list_issues_all",
				]);
				expect((await peer.call("linear_list_issues_all")).kind).toBe("ok");
				expect(handle.calls).toEqual([
					"websearch/fetch_content",
					"websearch/fetch_content",
					"linear.list_issues/all",
				]);
			} finally {
				await peer.close();
			}
		},
	);
});
