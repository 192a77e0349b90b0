import { existsSync } from "node:fs";
import { dirname } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { CliFailure } from "./_failure.js";

/**
 * How to start the bundled demo server as a stdio child.
 */
interface DemoServerCommand {
	command: string;
	args: string[];
	/** Set for the TypeScript source, so `--import tsx` resolves from the package. */
	cwd?: string;
}

// Next to the built CLI (dist/demo-server.js) in a package, else the TypeScript source in a
// checkout: seen from dist/ or from src/cli/.
const CANDIDATES = [
	"./demo-server.js",
	"../examples/demo-server/server.ts",
	"../../examples/demo-server/server.ts",
] as const;

/**
 * Finds the bundled demo server: the built `demo-server.js` next to the CLI, or, in a
 * checkout, `examples/demo-server/server.ts` run through tsx.
 *
 * @param base - the URL to look from; default this module's
 * @returns the command line that starts it with the running Node binary
 * @throws CliFailure `target` when neither is there
 */
export function findDemoServer(
	base: string | URL = import.meta.url,
): DemoServerCommand {
	for (const candidate of CANDIDATES) {
		let path: string;
		try {
			path = fileURLToPath(new URL(candidate, base));
		} catch {
			continue;
		}
		if (!existsSync(path)) continue;
		if (path.endsWith(".js"))
			return { command: process.execPath, args: [path] };
		return {
			command: process.execPath,
			args: ["--import", "tsx", path],
			cwd: dirname(dirname(dirname(path))),
		};
	}
	throw new CliFailure(
		"target",
		"The bundled demo server is missing from this installation; pass a target instead: -- <command>, --url or --file",
	);
}
