/**
 * Hostile arguments for the argument checks of the adapters: an object every read of which
 * throws, and readers of the McpToolNamesError a call throws or rejects with.
 */
import { isMcpToolNamesError } from "mcp-tool-names";

/** An object whose every property read, `in`, key listing and prototype read throws. */
export const trap: object = new Proxy(
	{},
	{
		get(): never {
			throw new Error("hostile getter");
		},
		has(): never {
			throw new Error("hostile has");
		},
		ownKeys(): never {
			throw new Error("hostile ownKeys");
		},
		getOwnPropertyDescriptor(): never {
			throw new Error("hostile descriptor");
		},
		getPrototypeOf(): never {
			throw new Error("hostile prototype");
		},
	},
);

/** The code and message of the McpToolNamesError `run` throws; anything else fails. */
export function failureOf(run: () => unknown): {
	code: string;
	message: string;
} {
	try {
		run();
	} catch (error) {
		if (!isMcpToolNamesError(error)) throw error;
		return { code: error.code, message: error.message };
	}
	throw new Error("expected a McpToolNamesError, got none");
}

/** The code and message of the McpToolNamesError `run` rejects with; anything else fails. */
export async function rejectionOf(
	run: () => Promise<unknown>,
): Promise<{ code: string; message: string }> {
	try {
		await run();
	} catch (error) {
		if (!isMcpToolNamesError(error)) throw error;
		return { code: error.code, message: error.message };
	}
	throw new Error("expected a McpToolNamesError, got none");
}
