/**
 * The W3 floors: for each framework, a bare `GET /users` route answering a page object computed at start-up, so the
 * route does no query work at all and the framework serialises the object per request as it does any route's result
 * (Fastify without a response schema, Express `res.json`, Hono `c.json`, NestJS a returned object on its default
 * Express platform). Each framework is loaded only by the process that serves it.
 */
import type { AddressInfo } from 'node:net';

/** A server started by the W3 server process. */
export interface Started {
  readonly url: string;
  close(): Promise<void>;
}

/** The frameworks W3 runs an adapter and a floor for. */
export const FRAMEWORKS = ['fastify', 'express', 'hono', 'nestjs'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** Precomputed pages by raw query string (without the `?`). */
export type Pages = ReadonlyMap<string, unknown>;

const HOST = '127.0.0.1';
const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

/** Wraps a listening `node:http` server. */
export function startedOn(server: import('node:http').Server): Started {
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

async function fastifyFloor(pages: Pages): Promise<Started> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/users', async (request, reply) => pages.get(queryOf(request.url)) ?? reply.code(404).send({}));
  await app.listen({ port: 0, host: HOST });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://${HOST}:${port}`, close: () => app.close() };
}

async function expressFloor(pages: Pages): Promise<Started> {
  const { default: express } = await import('express');
  const app = express();
  app.get('/users', (req, res) => {
    const page = pages.get(queryOf(req.url));
    if (page === undefined) res.status(404).json({});
    else res.json(page);
  });
  return new Promise((resolve) => {
    const server = app.listen(0, HOST, () => resolve(startedOn(server)));
  });
}

async function honoFloor(pages: Pages): Promise<Started> {
  const [{ Hono }, { serve }] = await Promise.all([import('hono'), import('@hono/node-server')]);
  const app = new Hono();
  app.get('/users', (c) => {
    const page = pages.get(queryOf(c.req.url));
    return page === undefined ? c.json({}, 404) : c.json(page as object);
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () =>
      resolve(startedOn(server as import('node:http').Server)),
    );
  });
}

async function nestFloor(pages: Pages): Promise<Started> {
  await import('reflect-metadata');
  const { Controller, Get, Module, NotFoundException, Req } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');

  @Controller()
  class FloorController {
    @Get('users')
    list(@Req() req: { url: string }): unknown {
      const page = pages.get(queryOf(req.url));
      if (page === undefined) throw new NotFoundException();
      return page;
    }
  }

  @Module({ controllers: [FloorController] })
  class FloorModule {}

  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(0, HOST);
  const { port } = (app.getHttpServer() as import('node:http').Server).address() as AddressInfo;
  return { url: `http://${HOST}:${port}`, close: () => app.close() };
}

/** Starts the floor of `framework` on 127.0.0.1, any free port. */
export function startFloor(framework: Framework, pages: Pages): Promise<Started> {
  switch (framework) {
    case 'fastify':
      return fastifyFloor(pages);
    case 'express':
      return expressFloor(pages);
    case 'hono':
      return honoFloor(pages);
    case 'nestjs':
      return nestFloor(pages);
  }
}
