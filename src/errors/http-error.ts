import { normalizeMessage } from './normalize-message';
import { pickExtras } from './pick-extras';
import { toSafeHeaders } from './safe-headers';
import { statusName } from './status-names';

/** The brand that marks every `HttpError`, shared by all copies of the package. */
const HTTP_ERROR_BRAND: unique symbol = Symbol.for('pagelope.HttpError');

/**
 * A response body given to `HttpError`: an optional `message` and `error`,
 * and any extra keys, which are kept as JSON-safe data.
 */
export interface HttpErrorBody {
  readonly message?: string | readonly string[];
  readonly error?: string;
  readonly [key: string]: unknown;
}

/** Options of `HttpError`. */
export interface HttpErrorOptions {
  /** The underlying error, kept as `cause` and never put into a body. */
  readonly cause?: unknown;
  /** Response headers such as `retry-after`; names are lower-cased, unsafe entries dropped. */
  readonly headers?: Readonly<Record<string, string | number>>;
}

/**
 * `Error` retyped so that a subclass may declare `message` as
 * `string | readonly string[]`; at runtime it is the real `Error`.
 */
const ErrorBase = Error as unknown as new (
  message?: string,
  options?: { cause?: unknown },
) => { name: string; stack?: string; readonly cause?: unknown };

/**
 * An HTTP error with a 4xx or 5xx status, a message (or list of messages),
 * the status's name, extra body keys and response headers.
 *
 * `message` defaults to the reason phrase of the status, and so does `error`.
 * A body object's other keys become `extras` (JSON-safe copies; `statusCode`,
 * `timestamp`, `correlationID`, `stack` and prototype keys are dropped).
 * Header names are lower-cased; unsafe names and values, and the headers the
 * response owns (`content-type`, `x-correlation-id`, framing headers,
 * `set-cookie`) are dropped. Instances satisfy `instanceof Error` and carry
 * a brand recognised by {@link isHttpError}.
 *
 * @throws {RangeError} when `statusCode` is not an integer from 400 to 599
 * @example
 * ```ts
 * throw new HttpError(422, { message: ['name is required'], details: { field: 'name' } });
 * throw new HttpError(503, 'Down for maintenance', { headers: { 'retry-after': 120 } });
 * ```
 */
export class HttpError extends ErrorBase {
  /** The HTTP status, an integer from 400 to 599. */
  readonly statusCode: number;
  /** One message or a frozen list of messages. */
  readonly message: string | readonly string[];
  /** The error name, by default the status's reason phrase. */
  readonly error: string;
  /** Frozen extra body keys. */
  readonly extras: Readonly<Record<string, unknown>>;
  /** Frozen response headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    statusCode: number,
    messageOrBody?: string | readonly string[] | HttpErrorBody,
    options: HttpErrorOptions = {},
  ) {
    if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 400 || statusCode > 599) {
      throw new RangeError(`HttpError status must be an integer from 400 to 599, got ${String(statusCode)}`);
    }
    const reason = statusName(statusCode);
    const isBody = typeof messageOrBody === 'object' && messageOrBody !== null && !Array.isArray(messageOrBody);
    const body = isBody ? (messageOrBody as HttpErrorBody) : undefined;
    const message = normalizeMessage(body ? readKey(body, 'message') : messageOrBody, reason);
    const error = body ? readKey(body, 'error') : undefined;
    const cause = options !== null && typeof options === 'object' && 'cause' in options;
    super(typeof message === 'string' ? message : message.join('; '), cause ? { cause: options.cause } : undefined);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.message = message;
    this.error = typeof error === 'string' && error.length > 0 ? error : reason;
    this.extras = pickExtras(body);
    this.headers = toSafeHeaders(options?.headers);
    Object.defineProperty(this, HTTP_ERROR_BRAND, { value: true });
  }
}

/**
 * Tells whether a value is an `HttpError`, from this copy of the package or
 * any other (ESM and CJS builds, duplicated installs), by `instanceof` or by
 * the `Symbol.for('pagelope.HttpError')` brand. Never throws.
 *
 * A branded value from another copy is trusted only as a marker: consumers
 * such as `toErrorEnvelope` still validate its fields.
 *
 * @param value - any value
 * @returns `true` when the value is (or claims to be) an `HttpError`
 * @example
 * ```ts
 * if (isHttpError(error)) console.log(error.statusCode);
 * ```
 */
export function isHttpError(value: unknown): value is HttpError {
  try {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
    return value instanceof HttpError || (value as { [HTTP_ERROR_BRAND]?: unknown })[HTTP_ERROR_BRAND] === true;
  } catch {
    return false;
  }
}

function readKey(body: HttpErrorBody, key: string): unknown {
  try {
    return body[key];
  } catch {
    return undefined;
  }
}
