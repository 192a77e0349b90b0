// `audit --host`: each name as that host presents it to the model (its prefix for the
// server's key, its characters), and which of the server's own names would be past the limit
// without the proxy's reserve.
import {
	type AuditReport,
	hostRules,
	hostToolName,
	type ProfileName,
	profiles,
} from "../index.js";
import { type HostSettings, hostPrefix } from "./options/host.js";
import type { AuditHostJson, AuditProfileJson } from "./schema.js";

/**
 * The key whose prefix is longest: the one the reserve was computed for, so what the audit
 * shows fits every key given.
 */
function widestKey({ name, keys }: HostSettings): string {
	let widest = keys[0] as string;
	for (const key of keys)
		if (hostPrefix(name, key).length > hostPrefix(name, widest).length)
			widest = key;
	return widest;
}

/**
 * A profile's audit with each entry as the host presents it: `presented` (the wire name
 * behind its prefix), `direct` (the server's own name, without a proxy) and `pastLimit` when
 * `direct` is longer than the host and the provider accept.
 *
 * @param report - `auditNames`'s report, planned with the host's reserve
 * @param profile - the profile it was audited against
 * @param host - `--host` and the server's keys
 * @returns the report as `audit --json` prints it
 */
export function asPresented(
	report: AuditReport,
	profile: ProfileName,
	host: HostSettings,
): AuditProfileJson {
	const key = widestKey(host);
	const { maxLength } = profiles[profile];
	const limit = Math.min(maxLength, hostRules[host.name].limit ?? maxLength);
	const hostJson: AuditHostJson = {
		name: host.name,
		serverName: key,
		prefix: hostPrefix(host.name, key),
		limit,
	};
	const entries = report.entries.map((entry) => {
		if (entry.status === "invalid") return entry;
		const direct = hostToolName(host.name, key, entry.name);
		return {
			...entry,
			presented: hostToolName(host.name, key, entry.wire),
			direct,
			pastLimit: direct.length > limit,
		};
	});
	return { ...report, entries, host: hostJson };
}
