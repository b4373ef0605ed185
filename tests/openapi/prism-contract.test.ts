/**
 * The HTTP contract's requests through a validating proxy nobody here wrote, Stoplight Prism
 * (`@stoplight/prism-cli` in proxy mode), on every adapter. The contract suite runs as usual against each example,
 * while every request it sends with `fetch` is recorded (method, path and query, headers, body). Then, per server it
 * started, a fresh server with the same options is started behind Prism and the recorded requests are replayed
 * through it in order. Prism logs each violation of the served document; the rules:
 * - no response violates the document (status, headers, body), whatever the request;
 * - no request the server accepted (2xx) violates it: everything the server accepts, the document describes.
 * Requests the server refused (4xx) may violate the document: that is why they were refused. The demo's own
 * `/audit` route is no pagelope route and not in the document.
 * (Prism is not put in the contract's own path: it re-encodes query strings and reads bodies, which the contract's
 * exact assertions on `link` headers and malformed bodies would see.)
 */
import { Logger } from '@nestjs/common';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNest } from '../../examples/nestjs/listen';
import { describeHttpContract, type StartServer } from '../contracts/http-contract';
import { watchConsoleError, watching, type WatchErrorLog } from '../support/watch-error-log';
import { startPrism, violationsOf, type PrismProxy, type ProxiedExchange } from './prism-proxy';

/** A request the contract sent, as replayed. */
interface RecordedRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
}

/** A server the contract started: its options and the requests it was sent. */
interface RecordedServer {
  readonly base: string;
  readonly options: Parameters<StartServer>[0];
  readonly requests: RecordedRequest[];
}

const recorded = new Map<string, RecordedServer[]>();
const realFetch = globalThis.fetch;

/** Records the requests to the servers the contract started, then sends them as they were. */
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const server = [...recorded.values()]
    .flat()
    .reverse()
    .find((each) => url.startsWith(`${each.base}/`));
  const body = init?.body;
  if (server && (body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)) {
    server.requests.push({
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      target: url.slice(server.base.length),
      headers: headersOf(init?.headers),
      body: body ?? undefined,
    });
  }
  return realFetch(input, init);
}) as typeof fetch;

afterAll(() => {
  globalThis.fetch = realFetch;
});

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  const plain: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

function recording(name: string, start: StartServer): StartServer {
  return async (options) => {
    const server = await start(options);
    recorded.set(name, [...(recorded.get(name) ?? []), { base: server.url, options, requests: [] }]);
    return server;
  };
}

/** The exchanges that break the rules above, with what Prism said. */
function breaches(exchanges: readonly ProxiedExchange[]): string[] {
  return exchanges.flatMap(({ request, status, violations }) => {
    if (/^\w+ \S+?\/audit\b/.test(request)) return [];
    const kept = violations.filter(
      (violation) => violation.startsWith('response') || (status !== undefined && status < 300),
    );
    return kept.map((violation) => `${status} ${request}: ${violation}`);
  });
}

/** Nest's `Logger`, where the NestJS example reports each 5xx. */
const watchNestLogger: WatchErrorLog = () =>
  watching(vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

/** Each example: how to start it, and the logger it reports its 5xx to. */
const ADAPTERS: readonly (readonly [string, StartServer, WatchErrorLog])[] = [
  ['express', (options) => listenExpress({ ...options, port: 0 }), watchConsoleError],
  ['fastify', (options) => listenFastify({ ...options, port: 0 }), watchConsoleError],
  ['hono', (options) => listenHono({ ...options, port: 0 }), watchConsoleError],
  ['nestjs', (options) => listenNest({ ...options, port: 0 }), watchNestLogger],
];

for (const [name, start, watchErrorLog] of ADAPTERS) {
  describeHttpContract(`${name} (recorded for Prism)`, recording(name, start), watchErrorLog);

  describe(`${name} through Prism's validating proxy`, () => {
    it('replays every recorded request: no response and no accepted request violates the document', async () => {
      const servers = recorded.get(name) ?? [];
      expect(servers.length).toBeGreaterThan(0);
      const exchanges: ProxiedExchange[] = [];
      let replayed = 0;
      // The contract's failing-repository requests are replayed too: each 5xx is logged once, watched, not printed.
      let answered5xx = 0;
      const errorLog = watchErrorLog();
      let lines: string[];
      // One Prism for the adapter's servers (they serve one document), switched from server to server.
      let prism: PrismProxy | undefined;
      try {
        for (const server of servers) {
          if (server.requests.length === 0) continue;
          const started = await start({ ...server.options, port: 0 });
          try {
            const document = await (await realFetch(`${started.url}/openapi.json`)).text();
            prism ??= await startPrism(name, document);
            expect(document, 'every server of an adapter serves the document Prism validates against').toBe(
              prism.document,
            );
            prism.target(started.url);
            for (const request of server.requests) {
              const response = await realFetch(`${prism.url}${request.target}`, {
                method: request.method,
                headers: request.headers,
                ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
                redirect: 'manual',
              });
              await response.arrayBuffer();
              replayed++;
              if (response.status >= 500) answered5xx++;
            }
          } finally {
            await started.close();
          }
        }
        if (prism !== undefined) exchanges.push(...violationsOf(await prism.close()));
        prism = undefined;
      } finally {
        await prism?.close();
        lines = errorLog.lines();
        errorLog.restore();
      }
      expect(lines).toHaveLength(answered5xx);
      expect(lines.filter((line) => !/ answered 5\d\d \(x-correlation-id /.test(line))).toStrictEqual([]);
      expect(breaches(exchanges)).toEqual([]);
      expect(replayed).toBeGreaterThan(100);
      // Prism saw the requests (all but the odd one its router drops unlogged), and found the refused ones' faults:
      // proof that it validates.
      expect(exchanges.length).toBeGreaterThan(replayed * 0.95);
      expect(exchanges.filter((exchange) => exchange.violations.length > 0).length).toBeGreaterThan(10);
    }, 300_000);
  });
}
