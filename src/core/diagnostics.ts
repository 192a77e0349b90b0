/**
 * Why a {@link Diagnostic} was reported.
 *
 * @example
 * ```ts
 * const codes: DiagnosticCode[] = [];
 * new WireNameCodec({ onDiagnostic: (d) => codes.push(d.code) }).encodeAll(["a/b", "a_b"]);
 * // codes: ["collision"] ("a/b" gets "a_b_2": "a_b" keeps its own name)
 * ```
 */
export type DiagnosticCode =
	| "renamed"
	| "truncated"
	| "lossy"
	| "collision"
	| "refused";

/**
 * One event of a codec's name assignment, with a ready one-line `message`:
 *
 * - `renamed`: characters the profile does not allow were replaced;
 * - `lossy`: a letter or digit was dropped or case was folded, so the wire name ends with the
 *   hash of the canonical name;
 * - `truncated`: the name was too long; a readable stem plus the hash was kept;
 * - `collision`: another canonical name of the same batch holds the natural wire name
 *   (`existing`), so this one got a `_2`, `_3`, … suffix;
 * - `refused`: the natural wire name was already handed out to `existing` earlier, and a
 *   wire name never changes meaning, so this one got a suffix.
 *
 * @example
 * ```ts
 * const codec = new WireNameCodec({ onDiagnostic: (d) => console.warn(d.message) });
 * codec.encode("websearch/fetch_content"); // warns: Renamed tool "websearch/fetch_content" to ...
 * ```
 */
export interface Diagnostic {
	code: DiagnosticCode;
	/** The canonical (server-side) name. */
	canonical: string;
	/** The wire name it was given. */
	wire: string;
	/** For `collision` and `refused`: the canonical name that holds the contested wire name. */
	existing?: string;
	/** One readable line describing what happened. */
	message: string;
}
