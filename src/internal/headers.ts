/**
 * Request headers as adapters receive them: a Fetch `Headers`, Node's
 * `IncomingHttpHeaders`, or a plain record with keys in any case.
 */
export type HeadersInput = Headers | { readonly [name: string]: string | readonly string[] | number | undefined };

/**
 * Reads one header from any headers-like value, never throwing.
 *
 * Objects with a `get` function (Fetch `Headers`) are read through `get`;
 * other objects are matched on their own keys, case-insensitively (an exact
 * lower-case key wins over other spellings). A `string[]` value gives its
 * first element. Anything else, including `null`, arrays, non-string values,
 * throwing getters and hostile Proxies, gives `undefined`.
 *
 * The value is returned raw: a Fetch `Headers` joins repeated values with
 * `', '`, so callers that need a single token must validate it.
 *
 * @param headers - any value; only headers-like objects yield a result
 * @param name - the header name, in any case
 * @returns the header's (first) value, or `undefined`
 * @example
 * ```ts
 * readHeader({ 'X-Correlation-Id': ['a', 'b'] }, 'x-correlation-id'); // 'a'
 * readHeader(new Headers({ 'x-a': '1' }), 'X-A'); // '1'
 * ```
 */
export function readHeader(headers: unknown, name: string): string | undefined {
  try {
    if (typeof name !== 'string' || headers === null) return undefined;
    if (typeof headers !== 'object' || Array.isArray(headers)) return undefined;
    const get: unknown = (headers as { readonly get?: unknown }).get;
    if (typeof get === 'function') {
      return firstString(Reflect.apply(get, headers, [name]));
    }
    const record = headers as Readonly<Record<string, unknown>>;
    const target = name.toLowerCase();
    if (Object.hasOwn(record, target)) {
      const exact = firstString(record[target]);
      if (exact !== undefined) return exact;
    }
    for (const key of Object.keys(record)) {
      if (key === target || key.toLowerCase() !== target) continue;
      const value = firstString(record[key]);
      if (value !== undefined) return value;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return typeof first === 'string' ? first : undefined;
  }
  return undefined;
}
