/**
 * The adapter contract against a minimal framework-free mount on `node:http`, written only here: it shows the contract
 * can be met with the root entry's pieces alone (`defineRoutes`, `parseJsonBody`, the route errors, `errorResponse`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { CORRELATION_ID_HEADER, errorResponse, resolveCorrelationId, type ResourceRoutes } from '../../src/index';
import { bodyTooLargeError, methodNotAllowedError, parseJsonBody, routeNotFoundError } from '../../src/http/index';
import { hasBody, malformedEncodingError, parseContentEncoding } from '../../src/http/body-encoding';
import { routeBodyLimit, routeReadsBody } from '../../src/http/route-body';
import { describeAdapterContract, type MountAdapter } from '../contracts/adapter-contract';
import { listenOnLoopback } from '../support/listen-on-loopback';

const UTF8 = new TextDecoder();

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const encoding = parseContentEncoding(req.headers['content-encoding']);
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw bodyTooLargeError(limit);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  // Decoded as every adapter decodes UTF-8 (`TextDecoder`: a leading byte order mark dropped).
  if (encoding === undefined) return UTF8.decode(bytes);
  try {
    return UTF8.decode((encoding === 'gzip' ? gunzipSync : inflateSync)(bytes, { maxOutputLength: limit }));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw bodyTooLargeError(limit);
    throw malformedEncodingError(error);
  }
}

/** Matches a path against a route pattern (`:id` anywhere, as in `/notes/:id/restore`), returning the `:id` parameter. */
function match(pattern: string, path: string): { id?: string } | undefined {
  const at = pattern.indexOf('/:id');
  if (at === -1) return pattern === path ? {} : undefined;
  const [base, tail] = [pattern.slice(0, at), pattern.slice(at + '/:id'.length)];
  if (!path.startsWith(`${base}/`) || !path.endsWith(tail)) return undefined;
  const rest = path.slice(base.length + 1, path.length - tail.length);
  return rest && !rest.includes('/') ? { id: decodeURIComponent(rest) } : undefined;
}

const mount: MountAdapter = async (
  all: readonly ResourceRoutes<any>[],
  { bodyLimit = 16_384, depthLimit, prefix = '', reportError },
) => {
  const server = createServer((req, res) => {
    const correlationId = resolveCorrelationId(req.headers);
    const answer = (status: number, headers: Record<string, string>, body: unknown) => {
      res.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      // The path as sent (the base of the link targets); the routes match it below the prefix.
      const sent = (req.url ?? '/').split('?')[0] ?? '/';
      const below = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined;
      const method = req.method ?? 'GET';
      const candidates = below === undefined ? [] : all.flatMap((routes) => routes.routes);
      // A fixed segment (`/cursor`) wins over `:id`.
      const matches = (pattern: string) => match(pattern, below ?? '');
      const onPath = candidates.filter((r) => matches(r.path)).sort((a, b) => a.path.length - b.path.length);
      const fixed = onPath.filter((r) => !r.path.includes('/:id'));
      const same = fixed.length > 0 ? fixed : onPath;
      const route = same.find((r) => r.method === method);
      if (!route) {
        if (same.length === 0) throw routeNotFoundError(method, url.pathname);
        const allow = all.map((routes) => routes.allow.get(same[0]!.path)).find((value) => value !== undefined) ?? '';
        throw methodNotAllowedError(method, allow);
      }
      const reads = routeReadsBody(route);
      const text = reads && hasBody(req.headers) ? await readText(req, routeBodyLimit(route, bodyLimit)) : '';
      const body =
        !reads || (text === '' && !req.headers['content-type'])
          ? undefined
          : parseJsonBody(text, req.headers['content-type'], { depthLimit });
      const tenant = req.headers['x-tenant'];
      const reply = await route.handle({
        params: matches(route.path) ?? {},
        query: url.search,
        path: sent,
        body,
        headers: req.headers,
        correlationId,
        locals: { tenant: typeof tenant === 'string' ? tenant : undefined },
      });
      answer(reply.status, reply.headers, reply.body);
    })().catch((error: unknown) => {
      const reply = errorResponse(error, { headers: { [CORRELATION_ID_HEADER]: correlationId } });
      answer(reply.statusCode, reply.headers, reply.body);
      // Each 5xx to the reporter, as the framework adapters do (this one has no logger of its own).
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (reply.statusCode >= 500)
        void reportError?.(error, { correlationId, method: req.method, path, statusCode: reply.statusCode });
    });
  });
  return listenOnLoopback(server);
};

describeAdapterContract('reference node:http', mount);
