// Rule 7 through the SDK: wrapServer (resolve: true) and wrapClient weigh a call's arguments
// against the schemas the server listed, on every SDK line and server kind.
import { wrapClient, wrapServer } from "mcp-tool-names/sdk";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
	CLIENT_KITS,
	NOT_FOUND_SERVERS,
	type Peer,
	quietToolNameWarnings,
	SERVER_KITS,
	type ServerHandle,
	type ServerKit,
	type ToolSpec,
} from "./_kits.js";

/** `send_mesage {channel, text}` can only be send_message; `remove_users {user_ids}` not remove_user. */
const CATALOG: ToolSpec[] = [
	{ name: "send_message", requires: ["channel", "text"] },
	{ name: "send_messages", requires: ["messages"] },
	{ name: "remove_user", requires: ["user_id"] },
];
const SEND = { channel: "c1", text: "hi" };

beforeAll(quietToolNameWarnings);

const open: Peer[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((peer) => peer.close()));
});

function serve(kit: ServerKit): ServerHandle {
	const handle = kit.create();
	for (const tool of CATALOG) handle.add(tool);
	return handle;
}

describe.each(SERVER_KITS)("wrapServer over $label", (kit) => {
	const start = async () => {
		const handle = kit.create();
		wrapServer(handle.server, { resolve: true });
		for (const tool of CATALOG) handle.add(tool);
		const peer = await kit.connect(handle.server);
		open.push(peer);
		await peer.names();
		return { handle, peer };
	};

	it("corrects send_mesage to send_message: send_messages cannot take {channel, text}", async () => {
		const { handle, peer } = await start();
		const outcome = await peer.call("send_mesage", SEND);
		expect(outcome.kind).toBe("ok");
		expect(handle.calls).toEqual(["send_message"]);
	});

	it("hints, never calls, remove_user for remove_users {user_ids}", async () => {
		const { handle, peer } = await start();
		const outcome = await peer.call("remove_users", { user_ids: "u1" });
		expect(outcome.text).toMatch(
			/Did you mean remove_user\? \(it does not take these arguments\)$/,
		);
		expect(handle.calls).toEqual([]);
		await peer.call("remove_users", { user_id: "u1" });
		expect(handle.calls).toEqual(["remove_user"]);
	});
});

describe.each(CLIENT_KITS)("wrapClient with $label", (clientKit) => {
	describe.each(NOT_FOUND_SERVERS)("against $label", (serverKit) => {
		const connect = async () => {
			const handle = serve(serverKit);
			const client = clientKit.create();
			wrapClient(client);
			const peer = await clientKit.link(handle.server, client);
			open.push(peer);
			return { handle, peer };
		};

		it("retries send_mesage as send_message: send_messages cannot take {channel, text}", async () => {
			const { handle, peer } = await connect();
			expect((await peer.call("send_mesage", SEND)).kind).toBe("ok");
			expect(handle.calls).toEqual(["send_message"]);
		});

		it("surfaces the failure with the hint for remove_users {user_ids}", async () => {
			const { handle, peer } = await connect();
			const outcome = await peer.call("remove_users", { user_ids: "u1" });
			expect(outcome.text).toMatch(
				/Did you mean remove_user\? \(it does not take these arguments\)$/,
			);
			expect(handle.calls).toEqual([]);
		});
	});
});
