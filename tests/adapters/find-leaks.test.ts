/**
 * The differential leak oracle of `pagelope/testing` (issue 34) over HTTP on each framework adapter: tenant t1's routes
 * of tests/testing/leak-world.ts behind Express, Fastify, Hono, NestJS (on Express) and `createNodeHandler`, each with
 * `locals` giving tenant t1. Neither the hidden email of t1's author nor a field of tenant t2's records may change a
 * byte of any answer, whatever the framework adds (headers, error envelopes, 404s); and the oracle finds, through an
 * adapter, the leak of a service whose scope is forgotten. Fastify and Hono answer in-process (`inject`,
 * `app.request`); Express, NestJS and the Node handler over a socket on 127.0.0.1.
 */
import { Agent, createServer, request as send } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { createMemoryRepository, type ResourceRoutes } from 'pagelope';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { pagelope } from 'pagelope/fastify';
import * as hono from 'pagelope/hono';
import { PagelopeModule } from 'pagelope/nestjs';
import { createNodeHandler } from 'pagelope/node';
import {
  findLeaks,
  type Leak,
  type LeakRequest,
  type LeakResponse,
  type LeakSecret,
  type LeakSeed,
  type LeakServer,
  type RepositoryFactory,
} from 'pagelope/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../support/listen-on-loopback';
import { requestsFor, routesOver, SECRETS, SEED } from '../testing/leak-world';
import { start } from './nestjs/mount-on';

const memory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });
const locals = () => ({ tenantId: 't1' });

/** The servers started on a socket, closed after the file, and the client's keep-alive sockets. */
const running: LoopbackServer[] = [];
const agent = new Agent({ keepAlive: true });
afterAll(async () => {
  agent.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** Header values as one string each (`set-cookie` and other repeated headers joined), names in lower case. */
const flatHeaders = (headers: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)] as const));

/**
 * How a server on 127.0.0.1 answers the oracle's requests (it closes after the file): through `node:http` on a
 * keep-alive agent, about twice as fast as `fetch` on this machine.
 */
async function overSocket(server: Promise<LoopbackServer>): Promise<LeakServer> {
  const listening = await server;
  running.push(listening);
  return ({ method, url, headers = {}, body }) =>
    new Promise<LeakResponse>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const json: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
      const sent = send(`${listening.url}${url}`, { method, agent, headers: { ...json, ...headers } });
      sent.on('error', reject).on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: flatHeaders(response.headers),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      sent.end(payload);
    });
}

/**
 * Nest's error replies go through the platform's `reply` (Express's `res.json`), which adds a weak `etag` of the
 * envelope, `timestamp` included: it differs between two runs by nature, as the `timestamp` findLeaks leaves out of the
 * body, so it is left out of an error's answer here (and only there: the `etag` of a 2xx is compared).
 */
const withoutErrorEtag =
  (serve: LeakServer): LeakServer =>
  async (request) => {
    const response = await serve(request);
    if (response.status < 400) return response;
    const headers = Object.entries(response.headers).filter(([name]) => name !== 'etag');
    return { ...response, headers: Object.fromEntries(headers) };
  };

/** How an adapter serves tenant t1's routes: Express's, Fastify's, ... app over them, and how it answers a request. */
type Mount = (routes: ResourceRoutes[]) => Promise<LeakServer>;

const mountExpress: Mount = (routes) => {
  const app = express();
  app.use(correlationId(), resourceRouter(routes, { locals }), notFound(), errorHandler());
  return overSocket(listenOnLoopback(createServer(app)));
};

const mountFastify: Mount = async (routes) => {
  const app = Fastify();
  await app.register(pagelope, { routes, locals });
  await app.ready();
  return async ({ method, url, headers, body }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(headers === undefined ? {} : { headers }),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, headers: flatHeaders(response.headers), body: response.body };
  };
};

const mountHono: Mount = async (routes) => {
  const app = new Hono();
  app.use(hono.correlationId());
  app.route('/', hono.resourceRoutes(routes, { locals }));
  app.onError(hono.onError);
  app.notFound(hono.notFound);
  return async ({ method, url, headers = {}, body }) => {
    const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    const init = { method, headers: { ...json, ...headers }, body: body === undefined ? null : JSON.stringify(body) };
    const response = await app.request(url, init);
    const answered: Record<string, string> = {};
    response.headers.forEach((value, name) => (answered[name] = value));
    return { status: response.status, headers: answered, body: await response.text() };
  };
};

const mountNest: Mount = async (routes) =>
  withoutErrorEtag(await overSocket(start('express', { imports: [PagelopeModule.forRoot({ routes, locals })] })));

const mountNode: Mount = (routes) => overSocket(listenOnLoopback(createServer(createNodeHandler(routes, { locals }))));

/**
 * `serve` of findLeaks: the routes over a seed on the memory store (the books' scope forgotten if `leakyBooks`); the
 * status of each answer goes to `statuses`.
 */
const serveOn =
  (mount: Mount, { leakyBooks = false, statuses = [] as number[] } = {}) =>
  async (seed: LeakSeed): Promise<LeakServer> => {
    const serve = await mount(await routesOver(memory, seed, leakyBooks));
    return async (request) => {
      const response = await serve(request);
      statuses.push(response.status);
      return response;
    };
  };

const labelOf = ({ resource, id, field }: LeakSecret): string => `${resource}.${String(id)}.${field}`;
const secretOf = (label: string): LeakSecret => {
  const secret = SECRETS.find((candidate) => labelOf(candidate) === label);
  if (secret === undefined) throw new TypeError(`leak-world has no secret ${label}`);
  return secret;
};

/**
 * Each adapter, and the secrets it flips: the hidden email of t1's author, and one field of tenant t2's records (a
 * different one each, so that the five cover t2's author, reviews and book).
 */
const LEGS = [
  { adapter: 'express', mount: mountExpress, other: 'authors.a2.fullName' },
  { adapter: 'fastify', mount: mountFastify, other: 'reviews.r3.rating' },
  { adapter: 'hono', mount: mountHono, other: 'reviews.r4.bookId' },
  { adapter: 'nestjs', mount: mountNest, other: 'books.b4.title' },
  { adapter: 'node', mount: mountNode, other: 'books.b4.authorId' },
] as const;
const HIDDEN = 'authors.a1.email';

/**
 * One request in five of each secret's (about 120 of its 600), at the leg's own offset: the five adapters send every
 * request of the hidden email between them, and the file stays within its time on two cores (the memory store's file,
 * tests/testing/find-leaks.test.ts, sends every request of every secret through the Fetch handler).
 */
const sampled =
  (offset: number) =>
  (secret: LeakSecret): readonly LeakRequest[] =>
    requestsFor(secret).filter((_, at) => at % LEGS.length === offset);

const describeLeaks = (leaks: readonly Leak[]): string[] =>
  leaks.map(({ secret, request }) => `${labelOf(secret)}: ${request.method} ${request.url}`);

describe('findLeaks over each framework adapter', () => {
  it.each(LEGS.map((leg, offset) => ({ ...leg, offset })))(
    'finds no answer through $adapter that depends on the hidden email or on $other',
    async ({ mount, other, offset }) => {
      const secrets = [secretOf(HIDDEN), secretOf(other)];
      expect(secrets.flatMap(sampled(offset)).length).toBeGreaterThan(200);
      const statuses: number[] = [];
      const serve = serveOn(mount, { statuses });
      const leaks = await findLeaks({ seed: SEED, secrets, requests: sampled(offset), serve });
      expect(describeLeaks(leaks)).toStrictEqual([]);
      // The routes answered: records, refusals and unknown ids, as on the Fetch handler.
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(100);
      expect(new Set(statuses)).toStrictEqual(new Set([200, 400, 404]));
    },
  );

  it('finds through Express the leak of a route whose scope is forgotten: tenant t2’s book', async () => {
    const secrets = [HIDDEN, 'reviews.r3.rating', 'books.b4.title', 'books.b4.authorId'].map(secretOf);
    const leaks = await findLeaks({
      seed: SEED,
      secrets,
      requests: sampled(0),
      serve: serveOn(mountExpress, { leakyBooks: true }),
    });
    expect(new Set(leaks.map(({ secret }) => labelOf(secret)))).toStrictEqual(
      new Set(['books.b4.title', 'books.b4.authorId']),
    );
    const first = leaks.find(({ secret }) => secret.field === 'title');
    expect(first?.request.url).toBe('/books');
    expect(first?.responses[0].body).toContain('"title":"Secrets"');
    expect(first?.responses[1].body).toContain('"title":"Aardvark"');
  });
});
