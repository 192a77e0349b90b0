/**
 * Puts a method on one instance: writable and configurable like the prototype's, and not
 * enumerable, so the instance still looks and serialises as before.
 */
export function define(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		configurable: true,
		writable: true,
		enumerable: false,
		value,
	});
}
