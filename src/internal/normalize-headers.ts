/** Request headers as handlers see them: lower-cased names, string or string[] values, frozen. */
export type RequestHeaders = { readonly [name: string]: string | readonly string[] | undefined };

/**
 * Copies a Node header object, a Fetch `Headers` or a plain record into a frozen, prototype-free record with
 * lower-cased names. Never throws; unreadable input gives an empty record.
 */
export function normalizeHeaders(headers: unknown): RequestHeaders {
  const out: Record<string, string | readonly string[]> = Object.create(null) as Record<string, string>;
  try {
    if (
      headers &&
      typeof (headers as Headers).forEach === 'function' &&
      typeof (headers as Headers).get === 'function'
    ) {
      (headers as Headers).forEach((value, name) => {
        out[name.toLowerCase()] = value;
      });
    } else if (typeof headers === 'object' && headers !== null) {
      for (const name of Object.keys(headers)) {
        const value = (headers as Record<string, unknown>)[name];
        if (typeof value === 'string') out[name.toLowerCase()] = value;
        else if (typeof value === 'number') out[name.toLowerCase()] = String(value);
        else if (Array.isArray(value))
          out[name.toLowerCase()] = Object.freeze(value.filter((v): v is string => typeof v === 'string'));
      }
    }
  } catch {
    // Unreadable headers count as none.
  }
  return Object.freeze(out);
}
