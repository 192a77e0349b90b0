// What a rewriter bound to a shared store must wait for before it rewrites a message: the
// names a server→client message would encode (claimed in the store first), and whether a
// client→server message calls a wire name this replica does not know (read from the store).
import { isName, isRecord } from "../../../core/guards.js";
import type { SharedCodec } from "../../../core/shared-codec.js";
import type { WireNameCodec } from "../../../index.js";
import { type MessageId, trackableId } from "../../jsonrpc-base.js";
import type { ToolRouter } from "../../routing/router.js";
import {
	encodeInputRequests,
	encodeSamplingRequest,
	SAMPLING_METHOD,
} from "./_sampling.js";

/**
 * Claims in the store every name `message` (server → client) would give a wire name, or
 * `undefined` when the codec knows them all already (the fast path: no promise).
 */
export function syncFor(
	store: SharedCodec,
	message: unknown,
	isPendingList: (id: MessageId) => boolean,
): Promise<void> | undefined {
	const names = new Set<string>();
	const collector = collectingCodec(store.codec, names);
	for (const element of Array.isArray(message) ? message : [message]) {
		if (!isRecord(element)) continue;
		if (typeof element.method === "string") {
			if (element.method === SAMPLING_METHOD)
				encodeSamplingRequest(collector, element, false);
			continue;
		}
		const id = trackableId(element);
		const result = element.result;
		if (id === undefined || !isRecord(result)) continue;
		if (isPendingList(id) && Array.isArray(result.tools)) {
			for (const tool of result.tools)
				if (isRecord(tool) && isName(tool.name)) names.add(tool.name);
		} else {
			encodeInputRequests(collector, element, false);
		}
	}
	const unknown = [...names].filter(
		(name) => store.codec.wireNameOf(name) === undefined,
	);
	return unknown.length === 0 ? undefined : store.sync(unknown);
}

/**
 * Reads the store when `message` (client → server) calls a tool by a name neither the
 * codec nor the catalog knows, or `undefined` when there is nothing to learn.
 */
export function refreshFor(
	store: SharedCodec,
	message: unknown,
	router: ToolRouter,
): Promise<void> | undefined {
	for (const element of Array.isArray(message) ? message : [message]) {
		if (
			isRecord(element) &&
			element.method === "tools/call" &&
			isRecord(element.params) &&
			isName(element.params.name) &&
			router.knownName(element.params.name) === undefined
		)
			return store.refresh();
	}
	return undefined;
}

/** A stand-in codec that records the names an encoding pass asks for and changes nothing. */
function collectingCodec(
	codec: WireNameCodec,
	names: Set<string>,
): WireNameCodec {
	const collector = {
		encode: (name: string) => {
			names.add(name);
			return name;
		},
		encodeTools: (tools: readonly unknown[]) => {
			for (const tool of tools)
				if (isRecord(tool) && isName(tool.name)) names.add(tool.name);
			return tools;
		},
		wireNameOf: (name: string) => codec.wireNameOf(name),
		rewriteText: (text: string) => text,
	};
	return collector as unknown as WireNameCodec;
}
