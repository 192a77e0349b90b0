/**
 * Rule 7, arguments as evidence: when the candidates carry their MCP `inputSchema` and the
 * call's `arguments` are a plain object, a candidate **cannot take** the call when a property
 * its schema lists in `required` is missing, when an argument's name is not among its
 * `properties` while the schema says `additionalProperties: false`, or when an argument's JSON
 * type contradicts the property's declared `type`. A candidate that cannot take the call is no
 * rival of any rule and never a correction (a slip onto it alone is `suggest/arguments`).
 * Arguments only remove rivals; they never add a slip. A candidate without a schema, or with
 * a malformed one, can take anything, and so can every candidate when `arguments` is absent.
 */
import { isRecord, readArgument } from "./guards.js";
import type { IndexData, PreparedSchema } from "./name-index.js";

/** The JSON types a schema may declare. */
const JSON_TYPES = new Set([
	"string",
	"number",
	"integer",
	"boolean",
	"object",
	"array",
	"null",
]);

/** The call's arguments, read once: own enumerable keys whose value is not `undefined`. */
export type CallArguments = ReadonlyMap<string, unknown>;

/**
 * The call's arguments as a map, or `undefined` when they are not a plain object (then every
 * candidate can take the call). A value that throws while it is read is a bad argument.
 */
export function argumentsOf(
	fn: string,
	value: unknown,
): CallArguments | undefined {
	if (!isRecord(value)) return undefined;
	return readArgument(fn, "options.arguments", value, () => {
		const out = new Map<string, unknown>();
		for (const key of Object.keys(value)) {
			const item = value[key];
			if (item !== undefined) out.set(key, item);
		}
		return out;
	});
}

/**
 * What rule 7 reads of a schema, or `null` for no schema, a malformed one (not an object, a
 * `type` other than `object`, `properties` not an object, `required` not a list of strings,
 * a property `type` that names no JSON type) or one that throws while it is read.
 */
function prepareSchema(schema: unknown): PreparedSchema | null {
	try {
		if (!isRecord(schema)) return null;
		const { type, properties, required, additionalProperties } = schema;
		if (type !== undefined && type !== "object") return null;
		if (properties !== undefined && !isRecord(properties)) return null;
		if (
			required !== undefined &&
			!(
				Array.isArray(required) &&
				required.every((item) => typeof item === "string")
			)
		)
			return null;
		const props = new Map<string, ReadonlySet<string> | undefined>();
		for (const key of Object.keys(properties ?? {})) {
			const types = typesOf((properties as Record<string, unknown>)[key]);
			if (types === null) return null;
			props.set(key, types);
		}
		return {
			required: (required as string[] | undefined) ?? [],
			properties: props,
			closed:
				additionalProperties === false &&
				schema.patternProperties === undefined,
		};
	} catch {
		return null;
	}
}

/** The declared types of one property: `undefined` for any, `null` for a malformed one. */
function typesOf(property: unknown): ReadonlySet<string> | undefined | null {
	if (typeof property === "boolean") return undefined;
	if (!isRecord(property)) return null;
	const { type } = property;
	if (type === undefined) return undefined;
	const list = typeof type === "string" ? [type] : type;
	if (!Array.isArray(list) || list.length === 0) return null;
	if (!list.every((item) => typeof item === "string" && JSON_TYPES.has(item)))
		return null;
	return new Set(list as string[]);
}

/** Whether a tool with this schema can take these arguments (rule 7). */
function canTake(schema: PreparedSchema | null, args: CallArguments): boolean {
	if (schema === null) return true;
	for (const name of schema.required) if (!args.has(name)) return false;
	for (const [name, value] of args) {
		if (!schema.properties.has(name)) {
			if (schema.closed) return false;
			continue;
		}
		const types = schema.properties.get(name);
		if (types !== undefined && !fitsType(value, types)) return false;
	}
	return true;
}

/** Whether a JSON value is of one of the declared types (`integer` is a `number` too). */
function fitsType(value: unknown, types: ReadonlySet<string>): boolean {
	switch (typeof value) {
		case "string":
			return types.has("string");
		case "boolean":
			return types.has("boolean");
		case "number":
			return (
				types.has("number") || (types.has("integer") && Number.isInteger(value))
			);
		case "object":
			if (value === null) return types.has("null");
			return types.has(Array.isArray(value) ? "array" : "object");
		default:
			// Not a JSON value (a function, a bigint): nothing to contradict.
			return true;
	}
}

/**
 * Whether each candidate can take the call, with schemas prepared only for the names asked
 * about (the few rivals of a query), once per catalog. `undefined` when every candidate can:
 * no arguments, or no candidate carries a schema.
 */
export function takerOf(
	data: IndexData,
	args: CallArguments | undefined,
): ((name: string) => boolean) | undefined {
	if (args === undefined || data.schemas.size === 0) return undefined;
	return (name) => {
		let schema = data.prepared.get(name);
		if (schema === undefined) {
			schema = prepareSchema(data.schemas.get(name));
			data.prepared.set(name, schema);
		}
		return canTake(schema, args);
	};
}
