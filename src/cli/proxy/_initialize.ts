// The client's `initialize` as the proxy sees it: bounded in time, its answer read for the
// server's tools capability and name, and its `instructions` put in wire names.
import { isRecord } from "../../core/_guards.js";
import {
	CONNECTION_CLOSED,
	errorLine,
	type Frame,
	type Id,
} from "./_messages.js";
import type { ProxyRouting } from "./_routing.js";

/** What an {@link InitializeWatch} needs from its session. */
export interface InitializeWatchOptions {
	routing(): ProxyRouting;
	timeoutMs: number;
	/**
	 * When given, the upstream may write nothing at all for this long (an `npx -y` download)
	 * before `timeoutMs` starts at its first output; see {@link InitializeWatch.upstreamSpoke}.
	 */
	startTimeoutMs?: number;
	toClient(frame: Frame): void;
	/** The upstream never answered request `id` in time (the client got an error for it). */
	onTimeout(id: Id, reason: string): void;
}

/** Tracks one session's `initialize`. */
export class InitializeWatch {
	readonly #options: InitializeWatchOptions;
	#id: Id | undefined;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#answered = false;
	#toolsCapable = false;
	#spoke: boolean;

	constructor(options: InitializeWatchOptions) {
		this.#options = options;
		this.#spoke = options.startTimeoutMs === undefined;
	}

	/** The upstream wrote something (stdout or stderr): the bound of `timeoutMs` starts now. */
	upstreamSpoke(): void {
		if (this.#spoke) return;
		this.#spoke = true;
		if (this.#id !== undefined && !this.#answered) {
			clearTimeout(this.#timer);
			this.#arm(this.#id);
		}
	}

	/** Whether the client's `initialize` went up. */
	get sent(): boolean {
		return this.#id !== undefined;
	}

	/** Whether the upstream answered it. */
	get answered(): boolean {
		return this.#answered;
	}

	/** Whether the answer declared the tools capability. */
	get toolsCapable(): boolean {
		return this.#toolsCapable;
	}

	/** The client's `initialize` (request `id`) went up: the upstream has `timeoutMs`. */
	watch(id: Id): void {
		if (this.#id !== undefined) return;
		this.#id = id;
		this.#arm(id);
	}

	#arm(id: Id): void {
		const silent = !this.#spoke;
		const ms = silent
			? (this.#options.startTimeoutMs ?? this.#options.timeoutMs)
			: this.#options.timeoutMs;
		this.#timer = setTimeout(() => {
			const reason = silent
				? `The MCP server wrote nothing within ${ms} ms of starting; raise --start-timeout if it is still downloading (npx -y, uvx)`
				: `The MCP server did not answer initialize within ${ms} ms; raise --timeout if it is slow to start`;
			this.#options.toClient(errorLine(id, CONNECTION_CLOSED, reason));
			this.#options.onTimeout(id, reason);
		}, ms);
	}

	/** Reads an answer from the upstream, if it is the one to `initialize`. */
	settle(message: Record<string, unknown>): void {
		if (message.id !== this.#id || this.#id === undefined || this.#answered)
			return;
		clearTimeout(this.#timer);
		this.#answered = true;
		const result = message.result;
		if (!isRecord(result)) return;
		this.#toolsCapable =
			isRecord(result.capabilities) && isRecord(result.capabilities.tools);
		const info = result.serverInfo;
		if (isRecord(info) && typeof info.name === "string")
			this.#options.routing().learnServer(info.name);
	}

	/** The answer to `initialize` with its `instructions` in wire names; else `message`. */
	rewriteInstructions(message: unknown): unknown {
		if (
			!isRecord(message) ||
			message.id !== this.#id ||
			message.id === undefined ||
			!isRecord(message.result) ||
			typeof message.result.instructions !== "string"
		) {
			return message;
		}
		const { result } = message;
		const instructions = this.#options
			.routing()
			.codec.rewriteText(result.instructions as string);
		return instructions === result.instructions
			? message
			: { ...message, result: { ...result, instructions } };
	}

	/** Stops the timer. */
	close(): void {
		clearTimeout(this.#timer);
	}
}
