import { toHttpError, type ExchangeFacts } from './to-http-error';

/** The request options the client hands `fetch`: a subset of `RequestInit`. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What the client reads of a `fetch` response: a subset of `Response`. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A `fetch` function: the platform's `globalThis.fetch` fits, and so does a wrapper or a test fake. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** One request of the client, with everything resolved: URL, headers (the correlation id among them), body. */
export interface ClientRequest {
  readonly fetch: FetchLike;
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The method and the route's path pattern (`GET /users/:id`), for error messages. */
  readonly route: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly correlationId: string;
  /** A value to send as JSON; `undefined` sends no body. */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
}

/**
 * A 2xx response: its body parsed as JSON (`undefined` when empty or not JSON), its `etag` header (or `null`) and
 * the facts of the exchange.
 */
export interface ClientReply {
  readonly body: unknown;
  readonly etag: string | null;
  readonly facts: ExchangeFacts;
}

/**
 * Sends one request with `fetch` and reads the whole response. A 2xx resolves to its body; anything else
 * throws the client's `HttpError`. A `fetch` that rejects (network failure, CORS refusal, an aborted signal)
 * rejects the call with that same error: no response came back, so there is no status to report. Internal to the
 * client module.
 *
 * @throws HttpError with the server's envelope for a non-2xx error envelope; HttpError 502 for any other non-2xx
 * response; TypeError when the body cannot be serialised as JSON; whatever `fetch` or reading the body rejects with.
 * @example
 * const { body } = await sendRequest({ fetch, url, method: 'GET', route: 'GET /users', headers, correlationId });
 */
export async function sendRequest(request: ClientRequest): Promise<ClientReply> {
  const { fetch: send, url, method, route, correlationId, body, signal } = request;
  const init: FetchInit = { method, headers: { ...request.headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  if (signal !== undefined) init.signal = signal;
  // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as another object's method.
  const response = await send(url, init);
  const facts: ExchangeFacts = {
    route,
    status: response.status,
    correlationId: response.headers.get('x-correlation-id') || correlationId,
    retryAfter: response.headers.get('retry-after'),
  };
  const parsed = parseJson(await response.text());
  if (response.status < 200 || response.status > 299) throw toHttpError(parsed, facts);
  return { body: parsed, etag: response.headers.get('etag'), facts };
}

/** The text parsed as JSON, or `undefined` when it is empty or not JSON (the caller's shape check then fails). */
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
