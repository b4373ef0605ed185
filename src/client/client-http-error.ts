import { HttpError as BaseHttpError, type HttpErrorBody } from '../errors/index';

/** The brand of the client's `HttpError`, shared by every copy of the package (ESM, CJS, duplicated installs). */
const CLIENT_ERROR_BRAND: unique symbol = Symbol.for('pagelope.client.HttpError');

/** Options of {@link ClientHttpError}. */
export interface ClientHttpErrorOptions {
  /** The correlation id of the exchange: the envelope's `correlationID`, else the response's or request's header. */
  readonly correlationID?: string | undefined;
  /** The underlying error, kept as `cause`. */
  readonly cause?: unknown;
  /** Response headers worth keeping (the client keeps `retry-after`). */
  readonly headers?: Readonly<Record<string, string | number>>;
}

/**
 * The error a pagelope client call throws for a non-2xx response or a response that is not what the route
 * returns: the server's `statusCode`, `message`, `error` and extra envelope keys, plus the exchange's
 * `correlationID`. A subclass of the root entry's `HttpError`, so the root's `isHttpError` and `instanceof`
 * recognise it, and `toErrorEnvelope` turns it into the same envelope (without the upstream correlation id).
 *
 * @throws RangeError when `statusCode` is not an integer from 400 to 599.
 * @example
 * try {
 *   await client.resource('/users').get('nobody');
 * } catch (error) {
 *   if (isHttpError(error) && error.statusCode === 404) console.log('not found, see', error.correlationID);
 * }
 */
export class ClientHttpError extends BaseHttpError {
  /** The correlation id the server logged this exchange under, when known. */
  readonly correlationID: string | undefined;

  constructor(
    statusCode: number,
    messageOrBody?: string | readonly string[] | HttpErrorBody,
    options: ClientHttpErrorOptions = {},
  ) {
    const { cause, headers } = options;
    super(statusCode, messageOrBody, cause === undefined ? { headers } : { cause, headers });
    const correlationID = options.correlationID;
    // The base class drops `correlationID` from the body's extras, so it is kept here, as a string or nothing.
    this.correlationID = typeof correlationID === 'string' && correlationID.length > 0 ? correlationID : undefined;
    this.name = 'ClientHttpError';
    Object.defineProperty(this, CLIENT_ERROR_BRAND, { value: true });
  }
}

/**
 * Tells whether a value is {@link ClientHttpError} (from this copy of the package or any other, by
 * `instanceof` or brand), with its `correlationID`. A server-side `HttpError` of the root entry is not one; the
 * root's `isHttpError` recognises both (a `ClientHttpError` is one of its subclasses).
 *
 * @throws never, whatever the value (a Proxy whose traps throw gives `false`).
 * @example
 * if (isClientHttpError(error)) console.log(error.statusCode, error.correlationID);
 */
export function isClientHttpError(value: unknown): value is ClientHttpError {
  try {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
    return (
      value instanceof ClientHttpError || (value as { [CLIENT_ERROR_BRAND]?: unknown })[CLIENT_ERROR_BRAND] === true
    );
  } catch {
    return false;
  }
}
