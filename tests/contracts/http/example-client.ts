/** The requests the "example over HTTP" concerns send to their shared server, and the envelope check they share. */
import { expect } from 'vitest';
import { STACK, type Envelope } from '../envelope';
import type { ServedExample } from './example-server';

/** A response and its body read as JSON (`undefined` when empty). */
export interface JsonResult {
  readonly response: Response;
  readonly body: unknown;
}

/** Requests to one served example. */
export interface ExampleClient {
  /** The server's URL, once it is started. */
  readonly url: string;
  /** Fetches `path` on the server. */
  readonly call: (path: string, init?: RequestInit) => Promise<Response>;
  /** Fetches `path` and reads the body as JSON. */
  readonly json: (path: string, init?: RequestInit) => Promise<JsonResult>;
  /** Checks the error envelope of `status` (JSON, timestamp, correlation id, no stack) and answers it. */
  readonly expectEnvelope: (response: Response, body: unknown, status: number) => Envelope;
}

/** A client of `server`. */
export function createExampleClient(server: ServedExample): ExampleClient {
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await call(path, init);
    const text = await response.text();
    return { response, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const expectEnvelope = (response: Response, body: unknown, status: number) => {
    const envelope = body as Envelope;
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(envelope.statusCode).toBe(status);
    expect(typeof envelope.error).toBe('string');
    expect(Math.abs(envelope.timestamp - Date.now())).toBeLessThan(60_000);
    expect(envelope.correlationID).toBe(response.headers.get('x-correlation-id'));
    expect(JSON.stringify(body)).not.toMatch(STACK);
    return envelope;
  };
  return {
    get url() {
      return server.url;
    },
    call,
    json,
    expectEnvelope,
  };
}
