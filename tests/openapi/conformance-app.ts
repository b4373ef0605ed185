/**
 * The app of the OpenAPI conformance run: the conformance routes (conformance-resources.ts) on Fastify or Express,
 * listening on 127.0.0.1 at port 0, serving their document at `/openapi.json` with an `apiKey` security scheme. The
 * app authenticates as the document says: `locals` reads `x-api-key`, a missing or unknown key is a 401, the
 * reader's key a 403 on any write; each key's tenant is the scope of its requests.
 */
import { HttpError } from 'pagelope';
import express from 'express';
import Fastify from 'fastify';
import { createServer } from 'node:http';
import type { ResourceRoutes } from 'pagelope';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { pagelope } from 'pagelope/fastify';
import { type OpenApiRouteOptions } from 'pagelope/http';
import { clientErrorListener } from 'pagelope/node';
import { listenOnLoopback } from '../support/listen-on-loopback';
import type { ConformanceLocals } from './conformance-resources';

/** The keys the app knows: each names its tenant, and whether it may write. */
export const API_KEYS: Readonly<Record<string, { readonly tenant: string; readonly writes: boolean }>> = {
  'key-a': { tenant: 'a', writes: true },
  'key-b': { tenant: 'b', writes: true },
  'key-reader': { tenant: 'a', writes: false },
};

/** The document options: an apiKey scheme in `x-api-key`, required by every operation. */
export const CONFORMANCE_OPENAPI: OpenApiRouteOptions = {
  info: { title: 'conformance', version: '1.0.0', description: 'Every route type, relations and a scope.' },
  securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
  security: [{ apiKey: [] }],
};

/** The locals of a request from its method and `x-api-key`, or the 401/403 the app answers. */
export function localsOf(method: string, key: unknown): ConformanceLocals {
  const known = typeof key === 'string' && Object.hasOwn(API_KEYS, key) ? API_KEYS[key] : undefined;
  if (known === undefined) throw new HttpError(401, 'a valid x-api-key header is required');
  if (!known.writes && method !== 'GET' && method !== 'HEAD') throw new HttpError(403, 'this key may only read');
  return { tenant: known.tenant };
}

/** A started app: its base URL, `close`, and each 5xx it answered (the error and the request's correlation id). */
export interface ConformanceApp {
  readonly url: string;
  readonly failures: string[];
  close(): Promise<void>;
}

/** The adapters the run sends requests through. */
export const CONFORMANCE_ADAPTERS = ['fastify', 'express'] as const;

/** Starts the routes on `adapter`, listening on 127.0.0.1 at a free port. */
export async function startConformanceApp(
  adapter: (typeof CONFORMANCE_ADAPTERS)[number],
  routes: readonly ResourceRoutes[],
): Promise<ConformanceApp> {
  const failures: string[] = [];
  const reportError = (error: unknown, info: { readonly correlationId: string }) => {
    failures.push(`${info.correlationId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  if (adapter === 'fastify') {
    const app = Fastify({ clientErrorHandler: clientErrorListener() });
    await app.register(pagelope, {
      routes,
      openapi: CONFORMANCE_OPENAPI,
      reportError,
      locals: (request) => localsOf(request.method, request.headers['x-api-key']),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, failures, close: () => app.close() };
  }
  const app = express();
  app.use(correlationId());
  app.use(
    resourceRouter(routes, {
      openapi: CONFORMANCE_OPENAPI,
      locals: (req) => localsOf(req.method, req.headers['x-api-key']),
    }),
  );
  app.use(notFound());
  app.use(errorHandler({ reportError }));
  const server = createServer(app);
  server.on('clientError', clientErrorListener());
  return { ...(await listenOnLoopback(server)), failures };
}
