/**
 * Copies a record so that changes to the copy (Dates and nested values included) never reach the original.
 *
 * The copy is an object spread of the record (own enumerable properties, getters read once, an own `__proto__` key
 * kept as an own data property, never made the prototype), which V8 does in one step for records of one shape;
 * then each string-keyed value that is an object is replaced by a copy: a Date by a new Date, anything else by
 * `structuredClone`. Stored records hold only string keys (the resource schema's fields), so a symbol-keyed value,
 * which the spread copies too, is never met on the repository's paths; it would be shared, not copied.
 */
export function cloneRecord<T>(record: T): T {
  const copy = { ...(record as object) } as Record<string, unknown>;
  // `for...in` over the fresh copy reads V8's enumeration cache of its shape (no key array per record, as
  // `Object.keys` makes). It would also visit inherited enumerable keys (a polluted Object.prototype): those are
  // never written, as only an own key's object value is replaced.
  for (const key in copy) {
    const value = copy[key];
    if (typeof value !== 'object' || value === null || !Object.hasOwn(copy, key)) continue;
    const copied = value instanceof Date ? new Date(value.getTime()) : structuredClone(value);
    // Assignment writes the own data property the spread created, `__proto__` included (an own property shadows
    // Object.prototype's accessor); defineProperty keeps that explicit for the one key where it matters.
    if (key === '__proto__') {
      Object.defineProperty(copy, key, { value: copied, writable: true, enumerable: true, configurable: true });
    } else {
      copy[key] = copied;
    }
  }
  return copy as T;
}
