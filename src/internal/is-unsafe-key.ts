/** The keys that reach or replace an object's prototype when assigned: `__proto__`, `constructor`, `prototype`. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether `name` is `__proto__`, `constructor` or `prototype`: a key that no parser of client input may turn into
 * an object key. Checked by length first (9 or 11), so the common name costs one comparison; the query reader calls it
 * for every parameter.
 *
 * Exact and case-sensitive: `Constructor`, `__proto__ ` or `' prototype'` are ordinary names. Other modules refuse
 * longer lists for their own reasons (every `Object.prototype` name as a field name, header names as extras).
 *
 * @example
 * isUnsafeKey('__proto__'); // true
 * isUnsafeKey('age'); // false
 */
export function isUnsafeKey(name: string): boolean {
  return (name.length === 9 || name.length === 11) && UNSAFE_KEYS.has(name);
}
