import { checkOptions, functionOption } from "./_guards.js";
import type { WireNameCodecOptions } from "./codec-options.js";
import { describeValue, McpToolNamesError } from "./errors.js";

/**
 * Checks the shape of codec options (the profile is checked when it is resolved) and
 * returns them as a plain copy, read once.
 */
export function checkCodecOptions(options: unknown): WireNameCodecOptions {
	const opts = checkOptions(FN, options as WireNameCodecOptions | undefined);
	functionOption(FN, "onDiagnostic", opts.onDiagnostic);
	functionOption(FN, "onChange", opts.onChange);
	return opts;
}

export function checkName(
	name: unknown,
	method: string,
): asserts name is string {
	if (typeof name !== "string" || name === "") {
		throw new McpToolNamesError(
			"invalid-argument",
			`${method} expects a non-empty string tool name, got ${describeValue(name)}`,
		);
	}
}

export function checkNames(names: unknown, method: string): void {
	checkArray(names, method, "tool names");
	for (const name of names as unknown[]) checkName(name, method);
}

export function checkArray(value: unknown, method: string, what: string): void {
	if (!Array.isArray(value)) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${method} expects an array of ${what}, got ${describeValue(value)}`,
		);
	}
}

/** The name of a tool definition, when it is a non-empty string. */
export function nameOf(tool: unknown): string | undefined {
	if (typeof tool !== "object" || tool === null) return undefined;
	const name = (tool as { name?: unknown }).name;
	return typeof name === "string" && name !== "" ? name : undefined;
}

/** The names of those tool definitions that have one. */
export function namesOf(tools: readonly unknown[]): string[] {
	const names: string[] = [];
	for (const tool of tools) {
		const name = nameOf(tool);
		if (name !== undefined) names.push(name);
	}
	return names;
}

const FN = "WireNameCodec";
