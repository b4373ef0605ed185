import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes, HttpError } from 'pagelope';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { clientErrorListener } from 'pagelope/node';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeRelationsAdapterContract } from '../../contracts/adapter/relations-contract';
import { describeAdapterContract, type MountAdapter, type MountedApp } from '../../contracts/adapter-contract';
import { describeExistingSchemaHttpContract } from '../../contracts/existing-schema-http-contract';
import { trickleBody } from '../../support/trickle-body';
import { listenOnLoopback } from '../../support/listen-on-loopback';
import { watchConsoleError } from '../../support/watch-error-log';

/** Listens on 127.0.0.1, port 0; `close` ends keep-alive sockets too. */
async function listenOn(app: Express, server: Server = createServer(app)): Promise<MountedApp> {
  return listenOnLoopback(server);
}

const mount: MountAdapter = (routes, { bodyLimit, depthLimit, prefix = '/', reportError }) => {
  const app = express();
  app.use(correlationId());
  app.use(
    prefix,
    resourceRouter(routes, {
      bodyLimit,
      depthLimit,
      locals: (req) => {
        const tenant = req.headers['x-tenant'];
        return { tenant: typeof tenant === 'string' ? tenant : undefined };
      },
    }),
  );
  app.use(notFound());
  app.use(errorHandler({ reportError }));
  return listenOn(app);
};

describeAdapterContract('express', mount);
describeRelationsAdapterContract('express', mount);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string().min(1) }),
  filterable: ['text'],
});
type Note = { id: string; text: string };

/** A `notes` service on an empty memory repository, and its routes (every route type). */
function noteRoutes(options: { path?: string } = {}) {
  const service = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
  return defineRoutes(service, options);
}

/** Starts `build(app)` between correlationId() and notFound()/errorHandler(), unless `bare`. */
async function start(build: (app: Express) => void, { bare = false } = {}): Promise<MountedApp> {
  const app = express();
  if (!bare) app.use(correlationId());
  build(app);
  if (!bare) app.use(notFound(), errorHandler());
  return listenOn(app);
}

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  correlationID: string;
}

describe('pagelope/express', () => {
  const running: MountedApp[] = [];
  const open = async (build: (app: Express) => void, options?: { bare?: boolean }) => {
    const app = await start(build, options);
    running.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });

  /** Sends a request and reads the JSON body (or undefined), checking the envelope's id against the header. */
  const call = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, init);
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    if (response.status >= 400) {
      expect((body as Envelope).correlationID).toBe(response.headers.get('x-correlation-id'));
      expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
    return { response, status: response.status, body, envelope: body as Envelope };
  };
  const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
    call(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  describe('correlationId', () => {
    it('sets the resolved id on the response and in res.locals.correlationId, own routes included', async () => {
      const { url } = await open((app) =>
        app.get('/own', (_req, res) => res.json({ id: res.locals['correlationId'] })),
      );
      const echoed = await call(`${url}/own`, { headers: { 'x-correlation-id': 'own-1' } });
      expect(echoed.body).toStrictEqual({ id: 'own-1' });
      expect(echoed.response.headers.get('x-correlation-id')).toBe('own-1');
      const fresh = await call(`${url}/own`, { headers: { 'x-correlation-id': 'not safe' } });
      expect((fresh.body as { id: string }).id).toMatch(UUID);
      expect(fresh.response.headers.get('x-correlation-id')).toBe((fresh.body as { id: string }).id);
    });

    it('resolves the id in the router and the error handler when the middleware is not installed', async () => {
      const { url } = await open(
        (app) => {
          app.use(resourceRouter(noteRoutes()));
          app.use(notFound(), errorHandler());
        },
        { bare: true },
      );
      const listed = await call(`${url}/notes`, { headers: { 'x-correlation-id': 'bare-1' } });
      expect([listed.status, listed.response.headers.get('x-correlation-id')]).toStrictEqual([200, 'bare-1']);
      const missing = await call(`${url}/notes/x`, { headers: { 'x-correlation-id': 'bare-2' } });
      expect([missing.status, missing.envelope.correlationID]).toStrictEqual([404, 'bare-2']);
      const unknown = await call(`${url}/elsewhere`);
      expect(unknown.envelope.correlationID).toMatch(UUID);
    });
  });

  describe('resourceRouter', () => {
    it('mounts below a prefix, the location of a create carrying it', async () => {
      const { url } = await open((app) => app.use('/v1', resourceRouter(noteRoutes())));
      const created = await post(`${url}/v1/notes`, '{"text":"a"}');
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;
      expect(created.response.headers.get('location')).toBe(`/v1/notes/${encodeURIComponent(id)}`);
      expect((await call(`${url}/v1/notes/${id}`)).body).toStrictEqual(created.body);
      expect((await call(`${url}/notes`)).status).toBe(404);
    });

    it('matches paths case-sensitively and without a trailing slash, as Fastify and Hono do', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes())));
      expect((await call(`${url}/notes`)).status).toBe(200);
      const cases = ['/NOTES', '/notes/', '/notes/cursor/', '/notes/abc/'];
      for (const path of cases) expect([path, (await call(`${url}${path}`)).status]).toStrictEqual([path, 404]);
    });

    it('answers HEAD as GET without a body, and OPTIONS with the 405 and allow', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes())));
      const head = await fetch(`${url}/notes/cursor`, { method: 'HEAD', headers: { 'x-correlation-id': 'head-1' } });
      expect([head.status, await head.text(), head.headers.get('x-correlation-id')]).toStrictEqual([200, '', 'head-1']);
      const options = await call(`${url}/notes/cursor`, { method: 'OPTIONS' });
      expect([options.status, options.response.headers.get('allow')]).toStrictEqual([405, 'GET']);
    });

    it('escapes route syntax in a resource path', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes({ path: "/it's(all)+*!" }))));
      const created = await post(`${url}/it's(all)+*!`, '{"text":"a"}');
      expect(created.status).toBe(201);
      expect((await call(`${url}/itsall`)).status).toBe(404);
      const id = (created.body as { id: string }).id;
      expect((await call(`${url}/it's(all)+*!/${id}`)).status).toBe(200);
    });

    it('decodes a percent-encoded id, and answers a malformed one with the 400 envelope', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes())));
      expect((await call(`${url}/notes/a%2Fb%20c`)).envelope.message).toBe('notes "a/b c" not found');
      const malformed = await call(`${url}/notes/%E0%A4%A`);
      expect([malformed.status, malformed.envelope.error]).toStrictEqual([400, 'Bad Request']);
    });

    it('inflates a compressed body before the limit applies, and refuses an unknown encoding with 415', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes(), { bodyLimit: 1024 })));
      const small = await post(`${url}/notes`, gzipSync('{"text":"zipped"}'), { 'content-encoding': 'gzip' });
      expect([small.status, (small.body as { text: string }).text]).toStrictEqual([201, 'zipped']);
      const bomb = gzipSync(JSON.stringify({ text: 'x'.repeat(100_000) }));
      expect(bomb.length).toBeLessThan(1024);
      const inflated = await post(`${url}/notes`, bomb, { 'content-encoding': 'gzip' });
      expect([inflated.status, inflated.envelope.message]).toStrictEqual([
        413,
        'Request body is larger than 1024 bytes',
      ]);
      const unknown = await post(`${url}/notes`, '{"text":"a"}', { 'content-encoding': 'x-unknown' });
      expect(unknown.status).toBe(415);
    });

    it('answers a chunked body over the limit with 413', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes(), { bodyLimit: 100 })));
      const chunks = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(`"${'x'.repeat(20)}"`));
          controller.close();
        },
      });
      const result = await call(`${url}/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit);
      expect([result.status, result.envelope.message]).toStrictEqual([413, 'Request body is larger than 100 bytes']);
    });

    it('answers a create without a body or content type from the service, and an empty JSON body with 400', async () => {
      const { url } = await open((app) => app.use(resourceRouter(noteRoutes())));
      const none = await call(`${url}/notes`, { method: 'POST' });
      expect(none.status).toBe(400);
      expect(none.envelope.message).not.toBe('Content-Type must be application/json');
      const empty = await post(`${url}/notes`, '');
      expect([empty.status, empty.envelope.message]).toStrictEqual([400, 'Malformed JSON body']);
    });

    it('takes a body express.json() read before the router as it left it', async () => {
      const { url } = await open((app) => app.use(express.json(), resourceRouter(noteRoutes())));
      const created = await post(`${url}/notes`, '{"text":"pre-parsed"}');
      expect([created.status, (created.body as { text: string }).text]).toStrictEqual([201, 'pre-parsed']);
    });

    it('parses a body express.raw() or express.text() read before the router as JSON, as its own reads', async () => {
      for (const parser of [express.raw({ type: () => true }), express.text({ type: () => true })]) {
        const { url } = await open((app) => app.use(parser, resourceRouter(noteRoutes())));
        const created = await post(`${url}/notes`, '{"text":"pre-read"}');
        expect([created.status, (created.body as { text: string }).text]).toStrictEqual([201, 'pre-read']);
        const malformed = await post(`${url}/notes`, '{"text":');
        expect([malformed.status, malformed.envelope.message]).toStrictEqual([400, 'Malformed JSON body']);
      }
    });

    it('reads the raw query string, whatever the app query parser', async () => {
      const { url } = await open((app) => {
        app.set('query parser', 'extended');
        app.use(resourceRouter(noteRoutes()));
      });
      const repeated = await call(`${url}/notes?limit=1&limit=2`);
      expect(repeated.status).toBe(400);
      expect((repeated.envelope.message as string[]).join()).toContain('limit');
      expect((await call(`${url}/notes?text[cont]=a`)).status).toBe(200);
    });

    it('passes async locals, built from earlier middleware, to the service; a throw is the envelope', async () => {
      const seen: unknown[] = [];
      const service = createResourceService<Note, { user?: string }>({
        resource: notes,
        repository: createMemoryRepository(notes),
      });
      service.hooks.on('onAfterList', ({ locals }) => void seen.push(locals));
      const { url } = await open((app) => {
        app.use((req, res, next) => {
          res.locals['user'] = req.headers['x-user'];
          next();
        });
        app.use(
          resourceRouter(defineRoutes(service), {
            locals: async (_req, res) => {
              await Promise.resolve();
              if (res.locals['user'] === undefined) throw new HttpError(401);
              return { user: res.locals['user'] as string };
            },
          }),
        );
      });
      expect((await call(`${url}/notes`, { headers: { 'x-user': 'ada' } })).status).toBe(200);
      expect(seen).toStrictEqual([{ user: 'ada' }]);
      const refused = await call(`${url}/notes`);
      expect([refused.status, refused.envelope.error]).toStrictEqual([401, 'Unauthorized']);
    });

    it('serves the OpenAPI document as one more route, without running locals for it', async () => {
      const { url } = await open((app) =>
        app.use(
          resourceRouter(noteRoutes(), {
            locals: () => {
              throw new HttpError(401);
            },
            openapi: { info: { title: 'Notes', version: '1.0.0' } },
          }),
        ),
      );
      const document = await call(`${url}/openapi.json`, { headers: { 'x-correlation-id': 'doc-1' } });
      expect([document.status, document.response.headers.get('x-correlation-id')]).toStrictEqual([200, 'doc-1']);
      expect((document.body as { info: unknown }).info).toStrictEqual({ title: 'Notes', version: '1.0.0' });
      expect((await call(`${url}/notes`)).status).toBe(401);
    });

    it.each([
      ['a zero bodyLimit', () => resourceRouter(noteRoutes(), { bodyLimit: 0 })],
      ['a fractional bodyLimit', () => resourceRouter(noteRoutes(), { bodyLimit: 1.5 })],
      ['a string bodyLimit', () => resourceRouter(noteRoutes(), { bodyLimit: '1mb' as never })],
      ['locals that is not a function', () => resourceRouter(noteRoutes(), { locals: {} as never })],
      ['something else than routes', () => resourceRouter({} as never)],
      ['an array holding something else', () => resourceRouter([noteRoutes(), null] as never)],
      ['two resources on one path', () => resourceRouter([noteRoutes(), noteRoutes()])],
    ])('throws a TypeError for %s', (_name, build) => {
      expect(build).toThrow(TypeError);
    });
  });

  describe('notFound', () => {
    it('names the method and the full path without the query', async () => {
      const { url } = await open((app) => app.use('/v1', resourceRouter(noteRoutes())));
      const result = await call(`${url}/v1/elsewhere?x=1`, { method: 'DELETE' });
      expect([result.status, result.envelope.message]).toStrictEqual([404, 'Cannot DELETE /v1/elsewhere']);
    });
  });

  describe('errorHandler', () => {
    it('answers errors of own routes with the envelope: HttpError headers kept, anything else masked', async () => {
      const { url } = await open((app) => {
        app.get('/teapot', () => {
          throw new HttpError(418, 'short and stout', { headers: { 'x-extra': 'kept' } });
        });
        app.get('/boom', () => {
          throw new Error('password=hunter2');
        });
        app.get('/string', async () => Promise.reject('password=hunter2'));
      });
      const log = watchConsoleError();
      try {
        const teapot = await call(`${url}/teapot`, { headers: { 'x-correlation-id': 'tea-1' } });
        expect([teapot.status, teapot.envelope.message, teapot.envelope.correlationID]).toStrictEqual([
          418,
          'short and stout',
          'tea-1',
        ]);
        expect(teapot.response.headers.get('x-extra')).toBe('kept');
        for (const path of ['/boom', '/string']) {
          const failed = await call(`${url}${path}`, {
            headers: { 'x-correlation-id': `own${path.replace('/', '-')}` },
          });
          expect([failed.status, failed.envelope.message]).toStrictEqual([500, 'Internal server error']);
          expect(JSON.stringify(failed.body)).not.toContain('hunter2');
        }
        // The two 500s logged once each (the 418 not), the line naming the request and not the secret.
        expect(log.lines()).toStrictEqual([
          'pagelope: GET /boom answered 500 (x-correlation-id own-boom)',
          'pagelope: GET /string answered 500 (x-correlation-id own-string)',
        ]);
      } finally {
        log.restore();
      }
    });

    it("gives body-parser's errors on own routes the adapters' messages", async () => {
      const { url } = await open((app) => {
        app.post('/own', express.json({ limit: 64 }), (req, res) => res.json(req.body));
      });
      const large = await post(`${url}/own`, JSON.stringify({ x: 'y'.repeat(100) }));
      expect([large.status, large.envelope.message]).toStrictEqual([413, 'Request body is larger than 64 bytes']);
      const malformed = await post(`${url}/own`, '{"x": ');
      expect([malformed.status, malformed.envelope.message]).toStrictEqual([400, 'Malformed JSON body']);
    });

    it('answers a rate limiter rejection passed to next with the 429 envelope and retry-after', async () => {
      const { url } = await open((app) => {
        app.use((_req, _res, next) => next(new HttpError(429, undefined, { headers: { 'retry-after': 7 } })));
      });
      const limited = await call(`${url}/anything`);
      expect([limited.status, limited.envelope.message]).toStrictEqual([429, 'Too Many Requests']);
      expect(limited.response.headers.get('retry-after')).toBe('7');
    });

    it("leaves a response already under way to Express's default handler", async () => {
      const { url } = await open((app) => {
        app.get('/partial', (_req, res, next) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('half');
          next(new Error('late'));
        });
      });
      const response = await fetch(`${url}/partial`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    });
  });

  describe('slow clients', () => {
    it('cuts off a trickling body with the 408 envelope within the request timeout', async () => {
      const app = express();
      app.use(correlationId(), resourceRouter(noteRoutes()), notFound(), errorHandler());
      const server = createServer({ connectionsCheckingInterval: 100 }, app);
      server.requestTimeout = 1_000;
      server.headersTimeout = 1_000;
      server.on('clientError', clientErrorListener());
      const mounted = await listenOn(app, server);
      running.push(mounted);
      const { response: answer, elapsedMs } = await trickleBody(mounted.url, '/notes');
      expect(elapsedMs).toBeLessThan(5_000);
      // Node's request timeout reaches clientErrorListener, which answers with the envelope and closes.
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(answer.slice(answer.indexOf('{')))).toMatchObject({
        statusCode: 408,
        error: 'Request Timeout',
      });
    });
  });
});
describeExistingSchemaHttpContract('express', mount);
