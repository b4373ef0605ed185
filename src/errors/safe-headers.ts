import { EMPTY_RECORD, TRUSTED_HEADERS } from './trusted';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Characters Node accepts in a header value: HTAB, visible ASCII, SP and obs-text. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const MAX_HEADERS = 64;
const MAX_VALUE_LENGTH = 8192;

/**
 * Header names an error can never set: the response owns them, or they would
 * break message framing or leak state (`set-cookie`), and prototype keys.
 */
export const FORBIDDEN_ERROR_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'x-correlation-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'trailer',
  'te',
  'host',
  'set-cookie',
  '__proto__',
  'constructor',
  'prototype',
]);

/**
 * Filters a record of headers carried by an error into a frozen record that
 * is safe to put on a response, never throwing.
 *
 * Names are lower-cased and must be HTTP tokens; values must be strings or
 * finite numbers of at most 8192 characters, made of characters Node accepts
 * in a header (no CR, LF, NUL or other control characters, nothing above
 * U+00FF). Names in {@link FORBIDDEN_ERROR_HEADERS} are dropped, as is
 * everything after the 64th kept header. Of two spellings of a name the first
 * wins. No kept header gives the shared frozen empty record; a record this
 * function returned before is returned as it is.
 *
 * Internal to the errors module.
 *
 * @param input - any value; only plain-ish objects give headers
 * @returns a frozen record of lower-cased header names to values
 * @example
 * ```ts
 * toSafeHeaders({ 'Retry-After': 30, 'X-Bad': 'a\r\nb' }); // { 'retry-after': '30' }
 * ```
 */
export function toSafeHeaders(input: unknown): Readonly<Record<string, string>> {
  if (input === EMPTY_RECORD || TRUSTED_HEADERS.has(input)) return input as Readonly<Record<string, string>>;
  const headers: Record<string, string> = {};
  let count = 0;
  try {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return EMPTY_RECORD;
    for (const key of Object.keys(input)) {
      if (count >= MAX_HEADERS) break;
      const name = key.toLowerCase();
      if (!TOKEN.test(name) || FORBIDDEN_ERROR_HEADERS.has(name)) continue;
      if (Object.hasOwn(headers, name)) continue;
      const value = toHeaderValue(input, key);
      if (value === undefined) continue;
      Object.defineProperty(headers, name, { value, enumerable: true });
      count += 1;
    }
  } catch {
    // Keep what was read before the failure.
  }
  return count === 0 ? EMPTY_RECORD : TRUSTED_HEADERS.mark(Object.freeze(headers));
}

function toHeaderValue(record: object, key: string): string | undefined {
  try {
    const raw: unknown = (record as Readonly<Record<string, unknown>>)[key];
    let value: string;
    if (typeof raw === 'string') value = raw;
    else if (typeof raw === 'number' && Number.isFinite(raw)) value = String(raw);
    else return undefined;
    if (value.length > MAX_VALUE_LENGTH || !FIELD_VALUE.test(value)) return undefined;
    return value;
  } catch {
    return undefined;
  }
}
