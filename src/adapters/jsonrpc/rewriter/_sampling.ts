// Sampling with tools (MCP 2025-11-25): a server asks the client's model to sample with
// `params.tools`, so those names reach a provider and need wire names; the assistant turns
// it sends back (and replays in later `messages`) hold `tool_use` blocks naming them.
// Shapes: `CreateMessageRequestParams` and `CreateMessageResult` in the SDK's types.

import { isName, isRecord } from "../../../core/guards.js";
import type { WireNameCodec } from "../../../index.js";
import type { JsonRecord, MessageId } from "../../jsonrpc-base.js";
import { setEntry, withEntry } from "../message.js";
import { BoundedMap } from "./_bounded-map.js";
import { encodeToolList, mapField, mapToolUseNames } from "./_tool-lists.js";

export const SAMPLING_METHOD = "sampling/createMessage";

/** Wire names for `tools`, `toolChoice.name` and the `tool_use` blocks of `messages`. */
function encodeSamplingParams(
	codec: WireNameCodec,
	params: JsonRecord,
	rewriteDescriptions: boolean,
): JsonRecord {
	let next = params;
	const tools = params.tools;
	if (Array.isArray(tools)) {
		const encoded = encodeToolList(codec, tools, rewriteDescriptions);
		if (encoded !== undefined) next = withEntry(next, "tools", encoded);
	}
	// The 2025-11-25 `ToolChoice` has only `mode`; a `name` (as providers spell a forced
	// tool) is mapped too, when it names a tool that has a wire name.
	next = mapField(next, "toolChoice", (choice) => {
		if (!isRecord(choice) || !isName(choice.name)) return choice;
		const wire = codec.wireNameOf(choice.name);
		return wire === undefined || wire === choice.name
			? choice
			: { ...choice, name: wire };
	});
	return mapField(next, "messages", (messages) => {
		if (!Array.isArray(messages)) return messages;
		let copy: unknown[] | undefined;
		for (let i = 0; i < messages.length; i++) {
			const message: unknown = messages[i];
			if (!isRecord(message)) continue;
			const rewritten = mapField(message, "content", (content) =>
				mapToolUseNames(content, (name) => codec.encode(name)),
			);
			if (rewritten !== message) {
				copy ??= [...messages];
				copy[i] = rewritten;
			}
		}
		return copy ?? messages;
	});
}

/** Canonical names for the `tool_use` blocks of a sampling result's `content`. */
function decodeSamplingResult(
	codec: WireNameCodec,
	result: JsonRecord,
): JsonRecord {
	return mapField(result, "content", (content) =>
		mapToolUseNames(content, (name) => codec.decode(name)),
	);
}

/**
 * Whether an embedded input response (MCP 2026-07-28 multi-round-trip requests) is a
 * sampling result: the only input response with both `model` and `role`.
 */
function isSamplingResult(value: unknown): value is JsonRecord {
	return (
		isRecord(value) &&
		typeof value.model === "string" &&
		typeof value.role === "string"
	);
}

/** Maps every entry of a record with `map`; the record itself when nothing changed. */
function mapEntries(
	record: JsonRecord,
	map: (value: unknown) => unknown,
): JsonRecord {
	let copy: JsonRecord | undefined;
	for (const [key, value] of Object.entries(record)) {
		const next = map(value);
		if (next === value) continue;
		copy ??= { ...record };
		setEntry(copy, key, next);
	}
	return copy ?? record;
}

/** A `sampling/createMessage` request with wire names in its params. */
export function encodeSamplingRequest(
	codec: WireNameCodec,
	message: JsonRecord,
	rewriteDescriptions: boolean,
): JsonRecord {
	return mapField(message, "params", (params) =>
		isRecord(params)
			? encodeSamplingParams(codec, params, rewriteDescriptions)
			: params,
	);
}

/**
 * MCP 2026-07-28 multi-round-trip: a result asking for input embeds the requests (sampling
 * among them) instead of sending them as JSON-RPC requests; their tools get wire names.
 * Any other result comes back as it is.
 */
export function encodeInputRequests(
	codec: WireNameCodec,
	message: JsonRecord,
	rewriteDescriptions: boolean,
): JsonRecord {
	const result = message.result;
	if (
		!isRecord(result) ||
		result.resultType !== "input_required" ||
		!isRecord(result.inputRequests)
	) {
		return message;
	}
	return mapField(message, "result", () =>
		mapField(result, "inputRequests", (requests) =>
			mapEntries(requests as JsonRecord, (request) =>
				isRecord(request) && request.method === SAMPLING_METHOD
					? encodeSamplingRequest(codec, request, rewriteDescriptions)
					: request,
			),
		),
	);
}

/** A retried multi-round-trip request carries the sampling results in-band: decode them. */
export function decodeInputResponses(
	codec: WireNameCodec,
	params: JsonRecord,
): JsonRecord {
	if (!isRecord(params.inputResponses)) return params;
	return mapField(params, "inputResponses", (responses) =>
		mapEntries(responses as JsonRecord, (response) =>
			isSamplingResult(response)
				? decodeSamplingResult(codec, response)
				: response,
		),
	);
}

/** Server-issued `sampling/createMessage` requests awaiting the client's answer, by id. */
export class SamplingRoundTrips {
	readonly #codec: WireNameCodec;
	readonly #rewriteDescriptions: boolean;
	readonly #pending: BoundedMap<MessageId, true>;

	constructor(
		codec: WireNameCodec,
		rewriteDescriptions: boolean,
		maxPending: number,
	) {
		this.#codec = codec;
		this.#rewriteDescriptions = rewriteDescriptions;
		this.#pending = new BoundedMap(maxPending);
	}

	/** A request from the server: a sampling request is remembered and gets wire names. */
	request(message: JsonRecord, id: MessageId | undefined): JsonRecord {
		if (id !== undefined) this.#pending.delete(id);
		if (message.method !== SAMPLING_METHOD || !isRecord(message.params))
			return message;
		if (id !== undefined) this.#pending.set(id, true);
		return encodeSamplingRequest(
			this.#codec,
			message,
			this.#rewriteDescriptions,
		);
	}

	/** A response from the client: the answer to a sampling request gets canonical names. */
	answer(message: JsonRecord, id: MessageId | undefined): JsonRecord {
		if (id === undefined || this.#pending.take(id) === undefined)
			return message;
		return isRecord(message.result)
			? mapField(message, "result", (result) =>
					decodeSamplingResult(this.#codec, result as JsonRecord),
				)
			: message;
	}
}
