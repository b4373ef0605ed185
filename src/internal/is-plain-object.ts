/**
 * Whether `value` is a plain object of this realm: an object whose prototype is `Object.prototype` or `null`
 * (`{}`, `JSON.parse` output, `Object.create(null)`). Class instances, `Date`, `Map`, arrays and plain objects made
 * in another realm (a `vm` context, an iframe) are not. An array whose prototype was removed has a `null` prototype
 * and passes: callers that must refuse it check `Array.isArray` as well.
 *
 * For programmatic input and bodies, which come from this realm's code or its JSON parser. For parsed query objects,
 * which framework parsers build with other prototypes, see {@link isRecordLike}.
 *
 * @example
 * isPlainObject({ a: 1 }); // true
 * isPlainObject(new Date()); // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether `value` is a record of any realm: not an array, and its prototype is `null` or itself has a `null`
 * prototype. That takes plain objects of any realm (a `vm` context's `{}`, whose prototype is that realm's
 * `Object.prototype`) and the objects `fast-querystring` (Fastify's query parser) makes, whose prototype is a
 * null-prototype object; it refuses arrays, `Date`, `Map` and class instances.
 *
 * Wider than {@link isPlainObject} on purpose: a parsed query object or a `where` given to the browser client comes
 * from a parser or a realm the library does not control. The two differ on cross-realm objects, on objects whose
 * prototype is a null-prototype object, and on null-prototype arrays.
 *
 * @example
 * isRecordLike(Object.create(Object.create(null))); // true (isPlainObject: false)
 * isRecordLike([]); // false
 */
export function isRecordLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
