// `npm start`: builds the package (saying so, since it takes a while), audits the bundled demo
// server, then says what the audit's marks mean and what to run next.
// `node scripts/start.mjs --no-build` skips the build when dist/ is fresh.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import process from "node:process";

const root = new URL("..", import.meta.url);
const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) {
	process.stderr.write(
		"Building mcp-tool-names (about 15 s on an idle machine, up to a minute under load)…\n",
	);
	const started = Date.now();
	const npm = process.platform === "win32" ? "npm.cmd" : "npm";
	const build = spawnSync(npm, ["run", "build", "--silent", "--", "--silent"], {
		cwd: root,
		stdio: ["ignore", "ignore", "inherit"],
		shell: process.platform === "win32",
	});
	if (build.status !== 0) {
		process.stderr.write(
			"The build failed (its errors are above); `npm run build` shows it in full.\n",
		);
		process.exit(build.status ?? 1);
	}
	process.stderr.write(
		`Built in ${Math.round((Date.now() - started) / 1000)} s. Auditing the bundled demo server:\n\n`,
	);
} else if (!existsSync(new URL("dist/cli.js", root))) {
	process.stderr.write(
		"dist/ is missing: run `npm start` without --no-build.\n",
	);
	process.exit(2);
}

const audit = spawnSync(process.execPath, ["dist/cli.js", "audit"], {
	cwd: root,
	stdio: "inherit",
});
if (audit.status !== 0) process.exit(audit.status ?? 1);

process.stdout.write(`
What the marks mean:
  ✓  sent as is: the provider accepts the name
  ~  renamed: a wire name the codec maps back exactly
  !  lossy or truncated: a short hash keeps the wire name unique and reversible
  ✗  collides with another tool's name, or breaks the MCP schema

Next:
  npx -y mcp-tool-names audit -- <your server command>     e.g. -- npx -y @modelcontextprotocol/server-everything
  npx -y mcp-tool-names proxy -- <your server command>     put this in your client's config
  npx -y mcp-tool-names resolve <name> -- <your server>    would a name a model sent be corrected?
From this clone, before it is published: npm pack, then npx -y ./mcp-tool-names-0.1.0.tgz audit -- …
`);
