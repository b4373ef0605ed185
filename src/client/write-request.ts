/** Per-call options of every `ResourceClient` method. */
export interface RequestOptions {
  /** Aborts the call (and, for `pages` and `all`, the walk): the call rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** The `x-correlation-id` of this call's requests, instead of the client's. */
  readonly correlationId?: string | undefined;
}

/** The request options of one request, with the headers of the call (`if-match`), lower-case. */
export interface SendOptions extends RequestOptions {
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Per-call options of the writes to one record: `replace`, `update`, `delete` and `restore`. */
export interface ClientWriteOptions extends RequestOptions {
  /**
   * Sent as `If-Match`: the write happens only while the record has this version, else the call rejects with a
   * 412 `ClientHttpError`. A number is the version (`3` is sent as `"3"`); a string is sent as it is: an etag
   * (`etagOf(record)`), a list of them, or `*`. A route with `requireIfMatch` answers 428 without one.
   */
  readonly ifMatch?: number | string | undefined;
}

/** Per-call options of `delete`: the write options and `permanent`. */
export interface ClientDeleteOptions extends ClientWriteOptions {
  /**
   * `true` removes the record of a soft-deleted resource instead of marking it deleted (sent as `permanent=true`;
   * the `DELETE` route must enable its `permanent` option).
   */
  readonly permanent?: boolean | undefined;
}

/**
 * The request options of a write: `ifMatch` as the `if-match` header. Internal to the client module.
 *
 * @throws TypeError for an `ifMatch` that is neither a safe integer nor a non-empty header-safe string.
 * @example
 * writeRequest({ ifMatch: 3, signal }); // { signal, headers: { 'if-match': '"3"' } }
 */
export function writeRequest(options: ClientWriteOptions): SendOptions {
  const { ifMatch, ...request } = options;
  return ifMatch === undefined ? request : { ...request, headers: { 'if-match': ifMatchHeader(ifMatch) } };
}

/**
 * The `If-Match` text of `ifMatch`: a version number as its strong entity tag (`"3"`), a string as it is.
 *
 * @throws TypeError for a number that is not a safe integer, an empty string, a string with a control character
 * (which no header can carry) or another type.
 */
function ifMatchHeader(ifMatch: unknown): string {
  if (typeof ifMatch === 'number') {
    if (!Number.isSafeInteger(ifMatch)) throw new TypeError(`ifMatch must be a safe integer version, got ${ifMatch}`);
    return `"${String(ifMatch)}"`;
  }
  if (typeof ifMatch !== 'string' || ifMatch.trim() === '' || /[\u0000-\u001f\u007f]/.test(ifMatch))
    throw new TypeError('ifMatch must be a version number or a non-empty entity tag string such as \'"3"\'');
  return ifMatch;
}
