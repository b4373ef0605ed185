import type { AddressInfo } from 'node:net';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type InjectOptions,
} from 'fastify';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  HttpError,
} from 'pagelope';
import { pagelope, type PagelopeFastifyOptions } from 'pagelope/fastify';
import { clientErrorListener } from 'pagelope/node';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeRelationsAdapterContract } from '../../contracts/adapter/relations-contract';
import { describeAdapterContract, type MountAdapter, type MountedApp } from '../../contracts/adapter-contract';
import { describeExistingSchemaHttpContract } from '../../contracts/existing-schema-http-contract';
import { trickleBody } from '../../support/trickle-body';

/** Listens on 127.0.0.1, port 0; `close` ends keep-alive sockets too (`forceCloseConnections`). */
async function listenOn(app: FastifyInstance): Promise<MountedApp> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const mount: MountAdapter = (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
  const options: FastifyServerOptions = { forceCloseConnections: true };
  // The plugin applies to the whole app, without a prefix of its own: below a prefix, `rewriteUrl` strips it.
  if (prefix !== undefined)
    options.rewriteUrl = ({ url = '/' }) => (url.startsWith(`${prefix}/`) ? url.slice(prefix.length) : url);
  const app = Fastify(options);
  app.register(pagelope, {
    routes,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(depthLimit === undefined ? {} : { depthLimit }),
    ...(reportError === undefined ? {} : { reportError }),
    locals: (request) => {
      const tenant = request.headers['x-tenant'];
      return { tenant: typeof tenant === 'string' ? tenant : undefined };
    },
  });
  return listenOn(app);
};

describeAdapterContract('fastify', mount);
describeRelationsAdapterContract('fastify', mount);
describeExistingSchemaHttpContract('fastify', mount);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.string(),
    text: z.string().min(1),
    rank: z.number().default(0),
    done: z.boolean().default(false),
    due: z.date().nullable().default(null),
    at: z.date().default(() => new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6))),
    secret: z.string().default('s3cret'),
  }),
  filterable: ['text'],
  hidden: ['secret'],
});

/** A `notes` service on an empty memory repository. */
const noteService = () => createResourceService({ resource: notes, repository: createMemoryRepository(notes) });

/** The routes of a fresh `notes` service (every route type unless `routes` says). */
const noteRoutes = (options: Parameters<typeof defineRoutes>[1] = {}) => defineRoutes(noteService(), options);

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  correlationID: string;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify app with the plugin on `routes` (a fresh notes resource by default), then `build` for own routes. */
async function appWith(
  options: Partial<PagelopeFastifyOptions> = {},
  build: (app: FastifyInstance) => void = () => undefined,
  server: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify(server);
  apps.push(app);
  app.register(pagelope, { routes: noteRoutes(), ...options });
  build(app);
  await app.ready();
  return app;
}

async function inject(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  const body = response.body === '' ? undefined : (JSON.parse(response.body) as unknown);
  return { response, body, envelope: body as Envelope };
}

const json = (payload: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

describe('pagelope (Fastify plugin)', () => {
  describe('registration', () => {
    it('carries the marks fastify-plugin sets, so it applies to the app it is registered on', () => {
      const marks = pagelope as unknown as Record<symbol, unknown>;
      expect(marks[Symbol.for('skip-override')]).toBe(true);
      expect(marks[Symbol.for('fastify.display-name')]).toBe('pagelope');
      expect(marks[Symbol.for('plugin-meta')]).toMatchObject({ name: 'pagelope', fastify: '5.x' });
    });

    it.each([
      ['routes that are not defineRoutes output', { routes: { routes: [] } }, /routes must be what defineRoutes/],
      ['a bodyLimit of 0', { bodyLimit: 0 }, /bodyLimit must be a positive integer, got 0/],
      ['a fractional bodyLimit', { bodyLimit: 1.5 }, /bodyLimit must be a positive integer/],
      ['a locals that is not a function', { locals: {} }, /locals must be a function/],
      ['a path with a wildcard', { routes: noteRoutes({ path: '/a*b' }) }, /holds "\*"/],
    ])('rejects %s with a TypeError when the app starts', async (_name, options, message) => {
      const app = Fastify();
      apps.push(app);
      app.register(pagelope, { routes: noteRoutes(), ...(options as Partial<PagelopeFastifyOptions>) });
      const failure = await app.ready().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as Error).message).toMatch(message);
    });

    it('rejects a second registration on the same app with a TypeError', async () => {
      const app = Fastify();
      apps.push(app);
      app.register(pagelope, { routes: noteRoutes() });
      app.register(pagelope, { routes: noteRoutes({ path: '/other' }) });
      await expect(app.ready()).rejects.toThrow(/registered once per app/);
    });

    it('mounts several resources, each with its own 405s', async () => {
      const app = await appWith({ routes: [noteRoutes(), noteRoutes({ path: '/api/v2/notes' })] });
      expect((await inject(app, { url: '/notes' })).response.statusCode).toBe(200);
      expect((await inject(app, { url: '/api/v2/notes' })).response.statusCode).toBe(200);
      const refused = await inject(app, { method: 'DELETE', url: '/api/v2/notes' });
      expect([refused.response.statusCode, refused.response.headers['allow']]).toStrictEqual([405, 'GET, POST']);
    });
  });

  describe('correlation ids', () => {
    it("makes request.id the correlation id and sets it on the app's own routes, success and error", async () => {
      const app = await appWith({}, (own) => {
        own.get('/whoami', async (request) => ({ id: request.id }));
        own.get('/fails', async () => {
          throw new HttpError(401, 'Sign in first');
        });
      });
      const ok = await inject(app, { url: '/whoami', headers: { 'x-correlation-id': 'own-1' } });
      expect([ok.body, ok.response.headers['x-correlation-id']]).toStrictEqual([{ id: 'own-1' }, 'own-1']);
      const generated = await inject(app, { url: '/whoami' });
      expect((generated.body as { id: string }).id).toMatch(UUID);
      expect(generated.response.headers['x-correlation-id']).toBe((generated.body as { id: string }).id);
      const failed = await inject(app, { url: '/fails', headers: { 'x-correlation-id': 'own-2' } });
      expect(failed.response.statusCode).toBe(401);
      expect(failed.envelope).toMatchObject({ message: 'Sign in first', correlationID: 'own-2' });
      expect(failed.response.headers['x-correlation-id']).toBe('own-2');
    });

    it('reads x-correlation-id, not the request id header, when the app sets requestIdHeader', async () => {
      const app = await appWith({}, (own) => own.get('/whoami', async (request) => ({ id: request.id })), {
        requestIdHeader: 'x-request-id',
      });
      const both = await inject(app, { url: '/whoami', headers: { 'x-request-id': 'r-1', 'x-correlation-id': 'c-1' } });
      expect([both.body, both.response.headers['x-correlation-id']]).toStrictEqual([{ id: 'r-1' }, 'c-1']);
      const missing = await inject(app, { url: '/nowhere', headers: { 'x-request-id': 'r-2' } });
      expect(missing.envelope.correlationID).toMatch(UUID);
      expect(missing.response.headers['x-correlation-id']).toBe(missing.envelope.correlationID);
    });

    it('answers a 429 thrown by an earlier onRequest hook (a rate limiter) with the envelope and retry-after', async () => {
      const app = Fastify();
      apps.push(app);
      app.addHook('onRequest', async () => {
        throw new HttpError(429, undefined, { headers: { 'retry-after': 7 } });
      });
      app.register(pagelope, { routes: noteRoutes() });
      const limited = await inject(app, { url: '/notes', headers: { 'x-correlation-id': 'limited-1' } });
      expect(limited.response.statusCode).toBe(429);
      expect(limited.response.headers['retry-after']).toBe('7');
      expect(limited.response.headers['x-correlation-id']).toBe('limited-1');
      expect(limited.envelope).toMatchObject({ error: 'Too Many Requests', correlationID: 'limited-1' });
    });
  });

  describe('requests Fastify refuses while routing', () => {
    it.each([
      ['a malformed percent-encoding in the path', '/notes/%E0%A4%A', 400],
      ['an id over maxParamLength', `/notes/${'a'.repeat(150)}`, 414],
    ])('answers %s with the envelope', async (_name, url, status) => {
      const app = await appWith();
      const result = await inject(app, { url, headers: { 'x-correlation-id': 'routing-1' } });
      expect(result.response.statusCode).toBe(status);
      expect(result.response.headers['x-correlation-id']).toBe('routing-1');
      expect(result.envelope).toMatchObject({ statusCode: status, correlationID: 'routing-1' });
    });

    it("keeps the app's own frameworkErrors handler", async () => {
      const app = await appWith({}, undefined, {
        frameworkErrors: (_error, _request, reply) => void (reply as unknown as FastifyReply).code(400).send('own'),
      });
      const result = await app.inject({ url: '/notes/%E0%A4%A' });
      expect([result.statusCode, result.body]).toStrictEqual([400, 'own']);
    });
  });

  describe('bodies', () => {
    it('parses JSON bodies on own routes too, keeping unsafe keys for the service to refuse', async () => {
      const app = await appWith({}, (own) =>
        own.post('/echo', async (request) => ({ keys: Object.keys(request.body as object) })),
      );
      const echoed = await inject(app, { method: 'POST', url: '/echo', ...json('{"__proto__":{"a":1},"b":2}') });
      expect(echoed.body).toStrictEqual({ keys: ['__proto__', 'b'] });
      const plain = await inject(app, {
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect([plain.response.statusCode, plain.envelope.message]).toStrictEqual([
        415,
        'Content-Type must be application/json',
      ]);
    });

    it.each([
      ['an invalid content type', { 'content-type': 'not a type' }, 415, 'Content-Type must be application/json'],
      ['an empty JSON body', { 'content-type': 'application/json' }, 400, 'Malformed JSON body'],
    ])('answers %s with the message every adapter gives', async (_name, headers, status, message) => {
      const app = await appWith();
      const result = await inject(app, { method: 'POST', url: '/notes', headers, payload: '' });
      expect([result.response.statusCode, result.envelope.message]).toStrictEqual([status, message]);
    });

    it("answers 415 on pagelope's routes for a body of a type another parser of the app reads", async () => {
      const app = await appWith({}, (own) => {
        own.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
          done(null, { text: body }),
        );
        own.post('/form', async (request) => request.body);
      });
      const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'hello' };
      const refused = await inject(app, { method: 'POST', url: '/notes', ...form });
      expect([refused.response.statusCode, refused.envelope.message]).toStrictEqual([
        415,
        'Content-Type must be application/json',
      ]);
      expect((await inject(app, { method: 'POST', url: '/form', ...form })).body).toStrictEqual({ text: 'hello' });
    });

    it('uses the default bodyLimit of 16384 bytes', async () => {
      const app = await appWith();
      const big = await inject(app, { method: 'POST', url: '/notes', ...json({ text: 'x'.repeat(16_384) }) });
      expect([big.response.statusCode, big.envelope.message]).toStrictEqual([
        413,
        'Request body is larger than 16384 bytes',
      ]);
    });

    it('answers 404 and 405 whatever the body, and ignores the body of a DELETE', async () => {
      const app = await appWith({ bodyLimit: 64 });
      const text = { headers: { 'content-type': 'text/plain' }, payload: 'x' };
      expect((await inject(app, { method: 'POST', url: '/nowhere', ...text })).response.statusCode).toBe(404);
      expect((await inject(app, { method: 'PUT', url: '/notes', ...text })).response.statusCode).toBe(405);
      const large = json({ text: 'x'.repeat(200) });
      expect((await inject(app, { method: 'POST', url: '/notes/cursor', ...large })).response.statusCode).toBe(405);
      expect((await inject(app, { method: 'POST', url: '/nowhere', ...large })).response.statusCode).toBe(404);
      const invalid = { headers: { 'content-type': 'not a type' }, payload: '{}' };
      expect((await inject(app, { method: 'PATCH', url: '/notes', ...invalid })).response.statusCode).toBe(405);
      const created = await inject(app, { method: 'POST', url: '/notes', ...json({ text: 'a' }) });
      const id = (created.body as { id: string }).id;
      const removed = await inject(app, { method: 'DELETE', url: `/notes/${id}`, ...text });
      expect(removed.response.statusCode).toBe(204);
    });
  });

  describe('routes', () => {
    it('answers HEAD like GET without a body, and HEAD on a path without GET with the 405', async () => {
      const app = await appWith({ routes: noteRoutes({ routes: { CREATE: true, GET: true } }) });
      const head = await app.inject({ method: 'HEAD', url: '/notes/missing' });
      expect([head.statusCode, head.body]).toStrictEqual([404, '']);
      const refused = await app.inject({ method: 'HEAD', url: '/notes' });
      expect([refused.statusCode, refused.headers['allow']]).toStrictEqual([405, 'POST']);
      const options = await inject(app, { method: 'OPTIONS', url: '/notes/x' });
      expect([options.response.statusCode, options.response.headers['allow']]).toStrictEqual([405, 'GET']);
    });

    it('answers HEAD on a GET path with the 405 when the app exposes no HEAD routes', async () => {
      const app = await appWith({}, undefined, { exposeHeadRoutes: false });
      const head = await app.inject({ method: 'HEAD', url: '/notes' });
      expect([head.statusCode, head.headers['allow']]).toStrictEqual([405, 'GET, POST']);
    });

    it('reads the raw query string, not the parsed request.query', async () => {
      const app = await appWith();
      const repeated = await inject(app, { url: '/notes?limit=1&limit=2' });
      expect(repeated.response.statusCode).toBe(400);
      expect((repeated.envelope.message as string[]).join()).toContain('limit');
      expect((await inject(app, { url: '/notes?text[cont]=a' })).response.statusCode).toBe(200);
    });

    it('serialises pages and records as JSON.stringify would, hidden fields left out, extra keys kept', async () => {
      const service = noteService();
      service.hooks.on('onAfterGet', ({ entity }) => ({ ...entity, extra: { nested: [1, 'two'] } }));
      const app = await appWith({ routes: defineRoutes(service) });
      const created = await inject(app, {
        method: 'POST',
        url: '/notes',
        ...json({ text: 'a "quoted" ✓', rank: 1.5 }),
      });
      expect(created.response.statusCode).toBe(201);
      const record = created.body as Record<string, unknown>;
      expect(record).toStrictEqual({
        id: record['id'],
        text: 'a "quoted" ✓',
        rank: 1.5,
        done: false,
        due: null,
        at: '2025-01-02T03:04:05.006Z',
      });
      expect((await inject(app, { url: '/notes' })).body).toStrictEqual({
        items: [record],
        total: 1,
        page: 1,
        limit: 10,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
      expect((await inject(app, { url: '/notes/cursor' })).body).toStrictEqual({ items: [record], nextCursor: null });
      const fetched = await inject(app, { url: `/notes/${String(record['id'])}` });
      expect(fetched.body).toStrictEqual({ ...record, extra: { nested: [1, 'two'] } });
    });

    it('passes async locals of (request, reply) to the service; a throw is the envelope', async () => {
      const seen: unknown[] = [];
      const service = noteService();
      service.hooks.on('onAfterList', ({ locals }) => void seen.push(locals));
      const app = await appWith({
        routes: defineRoutes(service),
        locals: async (request, reply) => {
          if (request.headers['x-user'] === undefined) throw new HttpError(401, 'Who are you?');
          return { user: request.headers['x-user'], replying: typeof reply.code === 'function' };
        },
      });
      expect((await inject(app, { url: '/notes', headers: { 'x-user': 'ada' } })).response.statusCode).toBe(200);
      expect(seen).toStrictEqual([{ user: 'ada', replying: true }]);
      const refused = await inject(app, { url: '/notes', headers: { 'x-correlation-id': 'locals-1' } });
      expect(refused.response.statusCode).toBe(401);
      expect(refused.envelope).toMatchObject({ message: 'Who are you?', correlationID: 'locals-1' });
    });

    it('serves the OpenAPI document as one more route, without a response schema and without running locals', async () => {
      const routes = noteRoutes();
      const app = await appWith({
        routes,
        openapi: { info: { title: 'Notes', version: '1.0.0' } },
        locals: () => {
          throw new HttpError(401, 'Who are you?');
        },
      });
      const { response, body } = await inject(app, { url: '/openapi.json', headers: { 'x-correlation-id': 'doc-1' } });
      expect([response.statusCode, response.headers['x-correlation-id']]).toStrictEqual([200, 'doc-1']);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(body).toStrictEqual(
        JSON.parse(JSON.stringify(toOpenApi(routes, { info: { title: 'Notes', version: '1.0.0' } }))),
      );
      expect((await inject(app, { url: '/notes' })).response.statusCode).toBe(401);
    });
  });

  describe('slow clients', () => {
    it('cuts off a trickling body with the 408 envelope within the request timeout', async () => {
      const app = Fastify({
        requestTimeout: 1_000,
        http: { connectionsCheckingInterval: 100, headersTimeout: 1_000 },
        clientErrorHandler: clientErrorListener(),
      });
      apps.push(app);
      app.register(pagelope, { routes: noteRoutes() });
      const { url } = await listenOn(app);
      const { response: answer, elapsedMs } = await trickleBody(url, '/notes');
      expect(elapsedMs).toBeLessThan(5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(answer.slice(answer.indexOf('{')))).toMatchObject({
        statusCode: 408,
        error: 'Request Timeout',
      });
    });
  });
});
