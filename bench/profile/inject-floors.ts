/**
 * The W3 floors of bench/http-floors.ts built without listening, for bench/profile/inject-cpu.ts: the same bare
 * `GET /users` route of each framework answering a page computed once (here by pagelope's memory repository, the same
 * page object the bench's floors compute: records with their `Date`s, then the page counts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMemoryRepository, parseListQuery } from 'pagelope';
import { users, type User } from '../../examples/shared/users';

/** A Node request listener, as light-my-request drives it. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

/** A floor: a request listener, or (Fastify) its own `inject`. */
export interface Floor {
  readonly dispatch?: Dispatch;
  readonly inject?: (url: string) => Promise<{ statusCode: number; payload: string }>;
}

const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

/** Builds the floor of `framework`, whose pages are computed lazily, once per query string, from `records`. */
export async function buildFloor(framework: string, records: readonly User[]): Promise<Floor> {
  const repository = createMemoryRepository(users, { records });
  const computed = new Map<string, unknown>();
  // Computed ahead for the bench's sorted page; any other query is computed on first request, then kept.
  const pageOf = async (query: string): Promise<unknown> => {
    if (!computed.has(query)) computed.set(query, await repository.list(parseListQuery(query, users)));
    return computed.get(query);
  };
  await pageOf('orderBy=createdAt&orderDirection=DESC&page=3&limit=20');
  const known = (url: string): unknown => computed.get(queryOf(url));
  switch (framework) {
    case 'fastify': {
      const { default: Fastify } = await import('fastify');
      const app = Fastify({ logger: false });
      app.get('/users', async (request) => known(request.url) ?? (await pageOf(queryOf(request.url))));
      await app.ready();
      return { inject: (url) => app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' }) };
    }
    case 'express': {
      const { default: express } = await import('express');
      const app = express();
      app.get('/users', (req, res) => void pageOf(queryOf(req.url)).then((page) => res.json(page)));
      return { dispatch: app as unknown as Dispatch };
    }
    case 'hono': {
      const [{ Hono }, { getRequestListener }] = await Promise.all([import('hono'), import('@hono/node-server')]);
      const app = new Hono();
      app.get('/users', async (c) => c.json((await pageOf(queryOf(c.req.url))) as object));
      return { dispatch: getRequestListener(app.fetch) as unknown as Dispatch };
    }
    case 'nestjs': {
      await import('reflect-metadata');
      const { Controller, Get, Module, Req } = await import('@nestjs/common');
      const { NestFactory } = await import('@nestjs/core');

      @Controller()
      class FloorController {
        @Get('users')
        list(@Req() req: { url: string }): unknown {
          return known(req.url) ?? pageOf(queryOf(req.url));
        }
      }

      @Module({ controllers: [FloorController] })
      class FloorModule {}

      const app = await NestFactory.create(FloorModule, { logger: false });
      await app.init();
      return { dispatch: app.getHttpAdapter().getInstance() as Dispatch };
    }
    default:
      throw new Error(`unknown framework ${framework}`);
  }
}
