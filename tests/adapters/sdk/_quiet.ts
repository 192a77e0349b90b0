import { vi } from "vitest";

/** The SDKs warn on stderr about names such as `a/b`; those names are the point here. */
const NAME_WARNING =
	/^(Tool name validation warning| {2}- |Tool registration will proceed|Consider updating the tool name|See SEP: Specify Format)/;

export function quietToolNameWarnings(): void {
	const warn = console.warn.bind(console);
	vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
		if (NAME_WARNING.test(String(args[0]))) return;
		warn(...args);
	});
}
