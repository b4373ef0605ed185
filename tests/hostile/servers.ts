/**
 * Shared helpers of the hostile-input tests: the four framework examples started on 127.0.0.1 port 0 (as the HTTP
 * contract starts them), and a raw HTTP client that sends the path, headers and body exactly as given (no URL
 * normalisation, no header validation beyond Node's own), so hostile requests reach the server unchanged.
 */
import { request } from 'node:http';
import type { DemoOptions } from '../../examples/shared/demo-routes';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNest } from '../../examples/nestjs/listen';
import type { StartedServer, StartServer } from '../contracts/http-contract';

/** The four framework examples, each started on port 0. */
export const FRAMEWORKS: readonly (readonly [string, StartServer])[] = [
  ['express', (options) => listenExpress({ ...options, port: 0 })],
  ['fastify', (options) => listenFastify({ ...options, port: 0 })],
  ['hono', (options) => listenHono({ ...options, port: 0 })],
  ['nestjs', (options) => listenNest({ ...options, port: 0 })],
];

/** Options for a hostile-input run: a small seed and a rate limit no test reaches. */
export const HOSTILE_OPTIONS: DemoOptions = { seedRecords: 30, rateLimitMax: 1_000_000, rateLimitWindowMs: 60_000 };

/** One request as sent on the wire. */
export interface RawRequest {
  readonly method: string;
  /** Path and query, sent byte for byte. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** One response as received. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** Sends one request over a fresh connection and resolves with the whole response. */
export function send(server: StartedServer, raw: RawRequest): Promise<RawResponse> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: raw.method,
        path: raw.path,
        headers: { connection: 'close', ...raw.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(raw.body);
  });
}

/** The fixed keys of the error envelope, in order. */
export const ENVELOPE_KEYS = ['statusCode', 'message', 'error', 'timestamp', 'correlationID'] as const;

/** A stack frame as V8 prints it, or a source path. */
export const STACK_TRACE = /\bat .+\.(?:ts|js|mjs|cjs):\d+|node_modules|\/work\/|file:\/\//;

/** The first value of a response header. */
export function headerOf(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
