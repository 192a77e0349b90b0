// The catalog of a wrapped server as the router needs it: which tools it has now, read from an
// `McpServer`'s registry or through a low-level `Server`'s own `tools/list` handler.
import { listEveryPage } from "../routing/list-every-page.js";
import {
	type Protection,
	type ToolEntry,
	toolEntriesOf,
	toolEntryOf,
} from "../routing/tool-entry.js";
import {
	isEnabled,
	type RegisteredToolLike,
	type RequestHandler,
} from "./_sdk-internals.js";

/**
 * The catalog of an `McpServer` registry: the enabled tools, the same set its `tools/list`
 * handler answers with (so wire names derived from it equal the listed ones).
 */
function entriesOfRegistry(
	registry: Readonly<Record<string, RegisteredToolLike>> | undefined,
	protection: Protection,
): ToolEntry[] {
	const entries: ToolEntry[] = [];
	if (registry === undefined) return entries;
	for (const [name, tool] of Object.entries(registry)) {
		if (!isEnabled(tool)) continue;
		const entry = toolEntryOf(
			{ name, annotations: tool.annotations },
			protection,
		);
		if (entry !== undefined) entries.push(entry);
	}
	return entries;
}

/**
 * Whether an `McpServer` registry has an enabled tool of this name: the ones its `tools/call`
 * handler runs rather than answering "not found".
 */
function isRegistered(
	registry: Readonly<Record<string, RegisteredToolLike>> | undefined,
	name: string,
): boolean {
	// One keyed read: what the registry inherits from Object.prototype has no `enabled`.
	return registry !== undefined && isEnabled(registry[name]);
}

/**
 * Where the router's catalog comes from, for one kind of server: an `McpServer`'s registry
 * ({@link RegistryCatalog}) or a low-level `Server`'s own `tools/list` handler
 * ({@link HandlerCatalog}).
 */
export interface ServerCatalog {
	/** Brings the router's catalog up to date with what a `tools/list` would answer now. */
	refresh(extra: unknown): void | Promise<void>;
	/** Whether a name the router knows needs no fresh catalog to route. */
	readonly trustKnown: boolean;
	/** Whether the server has the tool of this canonical name now, as far as it is cheap to tell. */
	hasTool(name: string): boolean;
}

/** Takes a catalog's entries: claims their names in the store, if any, then routes by them. */
type AdoptEntries = (entries: ToolEntry[]) => void | Promise<void>;

/**
 * An `McpServer`'s catalog: its registry is at hand and cheap to read, so it is read for
 * every unknown name (which also issues wire names: the next call of the name is a lookup).
 */
export class RegistryCatalog implements ServerCatalog {
	readonly trustKnown = false;
	readonly #registry: () =>
		| Readonly<Record<string, RegisteredToolLike>>
		| undefined;
	readonly #protection: Protection;
	/** The `inputSchema` of each tool listed last, by canonical name. */
	readonly #listedSchemas: ReadonlyMap<string, unknown>;
	readonly #adopt: AdoptEntries;

	constructor(
		registry: () => Readonly<Record<string, RegisteredToolLike>> | undefined,
		protection: Protection,
		listedSchemas: ReadonlyMap<string, unknown>,
		adopt: AdoptEntries,
	) {
		this.#registry = registry;
		this.#protection = protection;
		this.#listedSchemas = listedSchemas;
		this.#adopt = adopt;
	}

	refresh(): void | Promise<void> {
		// The registry holds no JSON Schema: the schemas are the ones the server listed.
		const entries = entriesOfRegistry(this.#registry(), this.#protection).map(
			(entry) =>
				this.#listedSchemas.has(entry.name)
					? {
							name: entry.name,
							protected: entry.protected,
							inputSchema: this.#listedSchemas.get(entry.name),
						}
					: entry,
		);
		return this.#adopt(entries);
	}

	hasTool(name: string): boolean {
		return isRegistered(this.#registry(), name);
	}
}

/**
 * A low-level `Server`'s catalog: no registry to read, so its own `tools/list` handler is
 * called (every page), and a name it listed last is trusted.
 */
export class HandlerCatalog implements ServerCatalog {
	readonly trustKnown = true;
	/** The server's own `tools/list` handler, once the handlers are intercepted. */
	listHandler: () => RequestHandler | undefined = () => undefined;
	readonly #protection: Protection;
	readonly #adopt: AdoptEntries;
	readonly #listed: (name: string) => boolean;

	/**
	 * @param protection - which tools are never a correction's target
	 * @param adopt - where the listed entries go
	 * @param listed - whether the latest listing held a name
	 */
	constructor(
		protection: Protection,
		adopt: AdoptEntries,
		listed: (name: string) => boolean,
	) {
		this.#protection = protection;
		this.#adopt = adopt;
		this.#listed = listed;
	}

	async refresh(extra: unknown): Promise<void> {
		const handler = this.listHandler();
		if (handler === undefined) return;
		const tools = await listEveryPage((cursor, page) =>
			handler(listRequest(cursor, page), extra),
		);
		await this.#adopt(toolEntriesOf(tools, this.#protection));
	}

	hasTool(name: string): boolean {
		return this.#listed(name);
	}
}

/** A `tools/list` request for a low-level server's own handler, called in-process. */
function listRequest(cursor: string | undefined, page: number): unknown {
	return {
		jsonrpc: "2.0",
		id: `mcp-tool-names:tools/list:${page}`,
		method: "tools/list",
		params: cursor === undefined ? {} : { cursor },
	};
}
