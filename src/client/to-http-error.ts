import { ClientHttpError } from './client-http-error';

/** What {@link toHttpError} and {@link unexpectedResponse} know of one exchange. */
export interface ExchangeFacts {
  /** The method and the route's path pattern, as `GET /users/:id`: never an id or a query. */
  readonly route: string;
  /** The response's HTTP status. */
  readonly status: number;
  /** The response's `x-correlation-id`, else the one the request sent. */
  readonly correlationId: string;
  /** The response's `retry-after`, when it had one. */
  readonly retryAfter: string | null;
}

/**
 * The client's {@link ClientHttpError} for a non-2xx response: the server's error envelope as it is (status, message,
 * error name, extra keys, `correlationID`), or a 502 that says the response was not one. The envelope's status must
 * be the response's: a proxy's JSON of another shape or status is not taken for the server's answer. Internal to
 * the client module.
 *
 * @throws never; it returns the error for the caller to throw.
 * @example
 * toHttpError(JSON.parse(text), { route: 'GET /users', status: 400, correlationId: 'c-1', retryAfter: null });
 */
export function toHttpError(body: unknown, facts: ExchangeFacts): ClientHttpError {
  if (!isEnvelope(body) || body.statusCode !== facts.status) {
    return unexpectedResponse(facts, 'a pagelope error envelope');
  }
  const correlationID = typeof body.correlationID === 'string' ? body.correlationID : facts.correlationId;
  return new ClientHttpError(body.statusCode, body, { correlationID, headers: headersOf(facts) });
}

/**
 * Builds the 502 {@link ClientHttpError} for a response that is not what the route returns: the message names the route,
 * the status and what was expected, never the response's text (which a client must not echo as its own words).
 *
 * @throws never; it returns the error for the caller to throw.
 * @example
 * unexpectedResponse(facts, 'a page result'); // ClientHttpError 502: 'the response to GET /users (status 200) was not a page result'
 */
export function unexpectedResponse(facts: ExchangeFacts, expected: string): ClientHttpError {
  return new ClientHttpError(502, `the response to ${facts.route} (status ${facts.status}) was not ${expected}`, {
    correlationID: facts.correlationId,
    headers: headersOf(facts),
  });
}

/** The only response header the error keeps: a rethrown client error must not pass on the upstream's headers. */
function headersOf(facts: ExchangeFacts): Readonly<Record<string, string>> {
  return facts.retryAfter === null ? {} : { 'retry-after': facts.retryAfter };
}

interface Envelope {
  readonly statusCode: number;
  readonly message: string | readonly string[];
  readonly error: string;
  readonly correlationID?: unknown;
  readonly [key: string]: unknown;
}

/** `statusCode` 400-599, `message` a string or an array of strings, `error` a string: the envelope's fixed keys. */
function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { statusCode, message, error } = body as Record<string, unknown>;
  return (
    typeof statusCode === 'number' &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode <= 599 &&
    typeof error === 'string' &&
    (typeof message === 'string' ||
      (Array.isArray(message) && message.every((entry: unknown) => typeof entry === 'string')))
  );
}
