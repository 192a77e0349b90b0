import { ToolRouter } from "../adapters/routing/router.js";
import { formatResolution, type Resolution, WireNameCodec } from "../index.js";
import { createStyle, isColorEnabled, type Style } from "./colors.js";
import type { CliIo } from "./io.js";
import { hostPrefix } from "./options/host.js";
import type { ResolveCommand } from "./options/resolve.js";
import { type ResolveJson, SCHEMA_VERSION } from "./schema.js";
import { type Catalog, closeCatalog, loadCatalog } from "./targets.js";

const REASONS: Readonly<Record<string, string>> = {
	normalized: "the same name but for case and punctuation",
	suffix: "a namespace prefix was dropped or added",
	doubled: "the name was written twice",
	"too-far": "too different to guess",
	ambiguous: "several tools fit equally well",
	protected:
		"the closest tool is destructive, or differs by a letter of another script",
	arguments: "the tools the name fits cannot take these arguments",
};

/**
 * Runs `mcp-tool-names resolve <name>`: reads the target's tools and prints what
 * `resolveName` decides for the name, with `formatResolution`'s mcporter-style line. Tools
 * whose `annotations.destructiveHint` is `true` are never auto-corrected to.
 *
 * @param command - the parsed command line
 * @param io - streams and environment
 * @returns 0 for `exact` and `corrected`, 1 for `suggest` and `none`
 * @throws CliFailure when the target cannot be read (the caller prints it, exit 2)
 */
export async function runResolve(
	command: ResolveCommand,
	io: CliIo,
): Promise<number> {
	const catalog = await loadCatalog(command, io);
	const doc = buildResolveJson(catalog, command);
	if (command.json) {
		io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
	} else {
		const style = createStyle(isColorEnabled(io.stdout, io.env ?? {}));
		io.stdout.write(formatResolve(doc, catalog, style));
	}
	await closeCatalog(catalog, io);
	return doc.exitCode;
}

/**
 * Resolves a name against a catalog and builds the `--json` document (schema version 1).
 *
 * @param catalog - the tools and their source
 * @param command - the name a model sent, the mode and the call's arguments
 * @returns the document `resolve --json` prints
 */
function buildResolveJson(
	catalog: Catalog,
	{ name: input, mode, arguments: args, serverNames, wire }: ResolveCommand,
): ResolveJson {
	const router = new ToolRouter({
		correct: true,
		resolve: {
			mode,
			...(serverNames === undefined ? {} : { servers: serverNames }),
		},
		// Behind a proxy the name is one of its wire names: the router decodes it, as the proxy does.
		...(wire === undefined
			? {}
			: {
					codec: new WireNameCodec({
						profile: wire.profile,
						reserve: wire.reserve,
					}),
				}),
	});
	router.setTools(catalog.tools);
	const routed = withoutHostPrefix(input, wire?.host);
	const decision = router.route(
		routed,
		args === undefined ? {} : { arguments: args },
	);
	const resolution: Resolution =
		decision.kind === "known"
			? { kind: "exact", input, name: decision.name }
			: decision.resolution;
	const fine = resolution.kind === "exact" || resolution.kind === "corrected";
	return {
		schemaVersion: SCHEMA_VERSION,
		command: "resolve",
		source: catalog.source,
		server: catalog.server,
		toolCount: catalog.tools.length,
		input,
		mode,
		...(wire === undefined ? {} : { routed }),
		arguments: args ?? null,
		resolution,
		message: formatResolution(resolution) ?? null,
		exitCode: fine ? 0 : 1,
	};
}

/**
 * The text people read: the decision on one line, then `formatResolution`'s line when there
 * is one.
 *
 * @param doc - what {@link buildResolveJson} returned
 * @param catalog - where the tools came from (`label`) and which are destructive
 * @param style - colours, or none
 * @returns the text, ending with a newline
 */
function formatResolve(
	doc: ResolveJson,
	catalog: Pick<Catalog, "label" | "tools">,
	style: Style,
): string {
	const lines = [decisionOf(doc.resolution, doc, catalog, style)];
	if (doc.message !== null) lines.push(doc.message);
	return `${lines.join("\n")}\n`;
}

function decisionOf(
	resolution: Resolution,
	doc: ResolveJson,
	catalog: Pick<Catalog, "label" | "tools">,
	style: Style,
): string {
	const input = JSON.stringify(resolution.input);
	const label = catalog.label;
	switch (resolution.kind) {
		case "exact":
			return `${style.green("✓ exact:")} ${input} is a tool of ${label}`;
		case "corrected": {
			const why =
				resolution.reason === "distance"
					? `a typo, distance ${resolution.distance}`
					: REASONS[resolution.reason];
			return `${style.green("✓ corrected:")} ${resolution.input} → ${style.bold(resolution.name)} ${style.dim(`(${why})`)}`;
		}
		case "suggest": {
			const first = resolution.suggestions[0];
			const destructive =
				resolution.reason === "protected" &&
				catalog.tools.some((tool) => tool.name === first && tool.protected);
			const why = destructive
				? `${first} is marked destructiveHint, so it is never auto-corrected to`
				: REASONS[resolution.reason];
			return `${style.yellow("✗ suggest:")} no safe correction for ${input} ${style.dim(`(${why})`)}`;
		}
		default:
			return `${style.red("✗ none:")} no tool of ${label} is close to ${input} ${style.dim(`(${doc.toolCount} ${doc.toolCount === 1 ? "tool" : "tools"})`)}`;
	}
}

/**
 * The name as the host passes it to the server: the host's prefix for one of the server's
 * keys taken off, as the host itself does before it calls the tool.
 */
function withoutHostPrefix(
	input: string,
	host: NonNullable<ResolveCommand["wire"]>["host"],
): string {
	for (const key of host?.keys ?? []) {
		const prefix = hostPrefix(host?.name ?? "claude-code", key);
		if (input.startsWith(prefix) && input.length > prefix.length)
			return input.slice(prefix.length);
	}
	return input;
}
