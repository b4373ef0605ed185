import type { IncomingMessage } from 'node:http';

/** What pagelope's middleware learnt of a request, for the routes and the exception filter. */
export interface RequestState {
  /** The correlation id resolved for the request, on every response to it. */
  readonly correlationId: string;
  /** The parsed JSON body, when the request sent one. */
  body?: { readonly value: unknown };
}

const STATES = new WeakMap<object, RequestState>();

/**
 * The Node request below a platform's request object: Fastify's `request.raw`, or Express's request itself (it is
 * the Node request). Nest middleware sees the Node request on both platforms. Internal to the adapter.
 *
 * @example
 * const raw = rawRequestOf(host.switchToHttp().getRequest());
 */
export function rawRequestOf(request: object): IncomingMessage {
  const raw = (request as { readonly raw?: unknown }).raw;
  return (typeof raw === 'object' && raw !== null ? raw : request) as IncomingMessage;
}

/**
 * The state pagelope's middleware kept for a request (platform or Node request object), if it ran. Internal to the
 * adapter.
 *
 * @example
 * const correlationId = requestStateOf(request)?.correlationId;
 */
export function requestStateOf(request: object): RequestState | undefined {
  return STATES.get(rawRequestOf(request));
}

/**
 * Keeps the state of a request (platform or Node request object) until the request is gone. Internal to the adapter.
 *
 * @example
 * keepRequestState(req, { correlationId: resolveCorrelationId(req.headers) });
 */
export function keepRequestState(request: object, state: RequestState): RequestState {
  STATES.set(rawRequestOf(request), state);
  return state;
}
