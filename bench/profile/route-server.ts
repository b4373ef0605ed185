/**
 * A W3 server whose bare framework route calls pagelope's list route itself, without the adapter: a diagnostic tool,
 * not part of `npm run bench`.
 *
 *   node --import tsx bench/profile/route-server.ts route:<framework> <records>
 *
 * `route:<framework>` (express, hono, fastify) is the floor of bench/http-floors.ts with the precomputed page
 * replaced by the demo's GET_LIST route (`route.handle` with the raw query, the path and a new correlation id, as the
 * adapters call it), its reply written with its headers and the correlation id the framework's own way (Express
 * `res.json`, Hono `c.json`, Fastify `reply.send` without a response schema). No request context, no middleware: the
 * adapter's minimal app (`pagelope:<framework>` of bench/http-server.ts) minus this server is what the adapter's own
 * files and the request context cost. Speaks bench/http-server.ts's protocol (prints `{"url"}`, answers `cpu` lines),
 * so bench/profile/profile-servers.mjs runs it when SERVER names this file.
 */
import { createInterface } from 'node:readline';
import { createMemoryRepository, CORRELATION_ID_HEADER, resolveCorrelationId } from 'pagelope';
import type { Route } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { users } from '../../examples/shared/users';
import { benchUsers } from '../data';
import { startedOn, type Started } from '../http-floors';

const [kind = '', recordsArg = ''] = process.argv.slice(2);
const repository = createMemoryRepository(users, { records: benchUsers(Number(recordsArg)).records });
const route = createDemoRoutes({ repository }).routes.routes.find((each) => each.type === 'GET_LIST') as Route;
const HOST = '127.0.0.1';

const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

async function start(): Promise<Started> {
  switch (kind) {
    case 'route:express': {
      const { default: express } = await import('express');
      const app = express();
      app.get('/users', (req, res, next) => {
        const correlationId = resolveCorrelationId(req.headers);
        res.setHeader(CORRELATION_ID_HEADER, correlationId);
        const input = { params: {}, query: queryOf(req.url), path: '/users', headers: req.headers, correlationId };
        route.handle(input).then((reply) => {
          res.status(reply.status).set(reply.headers).json(reply.body);
        }, next);
      });
      return new Promise((resolve) => {
        const server = app.listen(0, HOST, () => resolve(startedOn(server)));
      });
    }
    case 'route:hono': {
      const [{ Hono }, { serve }] = await Promise.all([import('hono'), import('@hono/node-server')]);
      const app = new Hono();
      app.get('/users', async (c) => {
        const correlationId = resolveCorrelationId(c.req.raw.headers);
        const input = {
          params: {},
          query: queryOf(c.req.url),
          path: '/users',
          headers: c.req.raw.headers,
          correlationId,
        };
        const reply = await route.handle(input);
        return c.json(reply.body as object, 200, { ...reply.headers, [CORRELATION_ID_HEADER]: correlationId });
      });
      return new Promise((resolve) => {
        const server = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () =>
          resolve(startedOn(server as import('node:http').Server)),
        );
      });
    }
    case 'route:fastify': {
      const { default: Fastify } = await import('fastify');
      const app = Fastify({ logger: false });
      app.get('/users', async (request, reply) => {
        const correlationId = resolveCorrelationId(request.headers);
        const input = {
          params: {},
          query: queryOf(request.url),
          path: '/users',
          headers: request.headers,
          correlationId,
        };
        const result = await route.handle(input);
        return reply
          .code(result.status)
          .headers({ ...result.headers, [CORRELATION_ID_HEADER]: correlationId })
          .send(result.body);
      });
      await app.listen({ port: 0, host: HOST });
      return startedOn(app.server);
    }
    default:
      throw new Error(`unknown server kind "${kind}"`);
  }
}

const server = await start();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const stop = (): void => {
  setTimeout(() => process.exit(0), 1000).unref();
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpu: user + system })}\n`);
  })
  .on('close', stop);
