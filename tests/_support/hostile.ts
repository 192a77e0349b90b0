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

/**
 * The characters a printed text must not hold raw: C0 controls (but the line feeds that end
 * lines), DEL, C1 controls, line separators and the bidirectional controls.
 */
export function rawControls(text: string): string[] {
	return [...text].filter((character) => {
		const code = character.codePointAt(0) ?? 0;
		return (
			(code < 0x20 && code !== 0x0a) ||
			(code >= 0x7f && code <= 0x9f) ||
			code === 0x061c ||
			code === 0x200e ||
			code === 0x200f ||
			code === 0x2028 ||
			code === 0x2029 ||
			(code >= 0x202a && code <= 0x202e) ||
			(code >= 0x2066 && code <= 0x2069)
		);
	});
}
