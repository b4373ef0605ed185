import type { IncomingMessage } from 'node:http';
import { createGunzip, createInflate } from 'node:zlib';
import { resolveCorrelationId } from 'pagelope';
import { readNodeJsonBody, type JsonBody } from '../../http/read-node-json-body';

/** What pagelope knows of a request once its middleware ran: the correlation id, and the JSON body it read. */
export interface RequestState {
  readonly correlationId: string;
  body?: JsonBody;
}

const STATES = new WeakMap<object, RequestState>();
const DECODERS = { gzip: createGunzip, deflate: createInflate };

/** The Node request behind a platform's request object (Fastify's `request.raw`; Express's is one). */
export function rawRequestOf(request: object): IncomingMessage {
  const raw = (request as { readonly raw?: unknown }).raw;
  return (typeof raw === 'object' && raw !== null ? raw : request) as IncomingMessage;
}

/** The request's state, when pagelope's middleware saw it. */
export function requestStateOf(request: object): RequestState | undefined {
  return STATES.get(rawRequestOf(request));
}

/**
 * The request's state, made once: its correlation id, then its JSON body (`readNodeJsonBody`, up to `limit` bytes
 * and `depthLimit` levels). Synchronous for a request without a body, so that the middleware does not wait on a GET.
 */
export function readRequestState(
  request: object,
  { limit, depthLimit }: { readonly limit: number; readonly depthLimit: number },
): RequestState | Promise<RequestState> {
  const raw = rawRequestOf(request);
  const state: RequestState = { correlationId: resolveCorrelationId(raw.headers) };
  STATES.set(raw, state);
  if (raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined) return state;
  return readNodeJsonBody(raw, { limit, depthLimit, decoders: DECODERS }).then((body) => {
    if (body !== undefined) state.body = body;
    return state;
  });
}
