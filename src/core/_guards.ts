/** Whether a value is an object that can be iterated (arrays, sets, generators). */
export function isIterable(value: unknown): value is Iterable<unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === "function"
	);
}
