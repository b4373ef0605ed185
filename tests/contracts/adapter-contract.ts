/**
 * The contract every framework adapter meets, on resources defined only here: per-route pagination, a routes object
 * that disables some types, a custom path, PUT and PATCH semantics, `location` on create, `locals` from a request
 * header reaching a scope, and the same status and message for the same fault on every framework. Call
 * `describeAdapterContract(name, mount)` from an adapter's test file.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type Repository,
  type ResourceRoutes,
} from '../../src/index';

/** A running app built from one adapter. */
export interface MountedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** Options the mount function passes to the adapter. */
export interface MountOptions {
  /** The adapter's `bodyLimit` option. */
  readonly bodyLimit?: number;
}

/**
 * Builds an app from the adapter alone (no limiter) with `routes`, passing `bodyLimit` through and a `locals` option
 * that returns `{ tenant: <the request's x-tenant header, or undefined> }`, listening on 127.0.0.1 port 0.
 */
export type MountAdapter = (routes: readonly ResourceRoutes<any>[], options: MountOptions) => Promise<MountedApp>;

const BODY_LIMIT = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STACK = /\bat .+\.(ts|js):\d+/;

/** Things belong to a tenant; the scope reads it from `locals`. Only some route types are enabled. */
const thingSchema = z.object({ id: z.string(), tenant: z.string(), name: z.string().min(1), rank: z.number().int() });
const things = defineResource({
  name: 'things',
  schema: thingSchema,
  filterable: ['name', 'rank'],
  sortable: ['rank'],
  readOnly: ['tenant'],
  pagination: { defaultLimit: 10, maxLimit: 100 },
});
type Thing = z.output<typeof thingSchema>;

/** Notes have every route type, under a custom path, with defaults, optional and nested fields. */
const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.string(),
    text: z.string().min(1),
    tag: z.string().default('none'),
    note: z.string().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** A resource whose repository fails with a secret in its error. */
const brokenSchema = z.object({ id: z.string(), x: z.string() });
const broken = defineResource({ name: 'broken', schema: brokenSchema });
const SECRET = 'password=hunter2 host=10.0.0.7';

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  timestamp: number;
  correlationID: string;
}

export function describeAdapterContract(name: string, mount: MountAdapter): void {
  describe(`${name} adapter contract`, () => {
    let app: MountedApp;
    const errorsSeen: unknown[] = [];
    const thingSeed = Array.from({ length: 24 }, (_, i) => ({
      id: `t${String(i).padStart(2, '0')}`,
      tenant: i % 2 === 0 ? 'even' : 'odd',
      name: `thing ${i}`,
      rank: i,
    }));

    beforeAll(async () => {
      const thingService = createResourceService<Thing, { tenant?: string }>({
        resource: things,
        repository: createMemoryRepository(things, { records: thingSeed }),
        scope: ({ locals }) => (locals.tenant === undefined ? undefined : { tenant: locals.tenant }),
      });
      const noteService = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
      noteService.hooks.on('onAfterErrorCreate', (_context, error) => void errorsSeen.push(error));
      const failing = Object.fromEntries(
        ['create', 'get', 'update', 'replace', 'delete', 'list', 'listByCursor'].map((method) => [
          method,
          () => Promise.reject(new Error(SECRET)),
        ]),
      ) as unknown as Repository<z.output<typeof brokenSchema>>;
      const brokenService = createResourceService({ resource: broken, repository: failing });
      app = await mount(
        [
          defineRoutes(thingService, {
            routes: {
              GET_LIST: { pagination: { maxLimit: 5, defaultLimit: 5 } },
              GET_LIST_CURSOR: { pagination: { defaultLimit: 3 } },
              GET: true,
              CREATE: true,
              PARTIAL_UPDATE: true,
              DELETE: false,
            },
          }),
          defineRoutes(noteService, { path: '/api/notes' }),
          defineRoutes(brokenService),
        ],
        { bodyLimit: BODY_LIMIT },
      );
    });
    afterAll(async () => {
      await app?.close();
    });

    const send = async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const correlationId = `${name.replace(/[^\w.:-]/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
      const response = await fetch(`${app.url}${path}`, {
        ...init,
        headers: { 'x-correlation-id': correlationId, ...init.headers },
      });
      const text = await response.text();
      expect(response.headers.get('x-correlation-id'), `${init.method ?? 'GET'} ${path}`).toBe(correlationId);
      expect(text).not.toMatch(STACK);
      return { response, text, body: text ? (JSON.parse(text) as unknown) : undefined, correlationId };
    };
    const expectEnvelope = (
      result: { response: Response; body: unknown; correlationId: string },
      status: number,
      message?: string | string[],
    ) => {
      const envelope = result.body as Envelope;
      expect(result.response.status).toBe(status);
      expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(envelope).toMatchObject({ statusCode: status, correlationID: result.correlationId });
      expect(typeof envelope.error).toBe('string');
      if (message !== undefined) expect(envelope.message).toStrictEqual(message);
      return envelope;
    };
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    describe('per-route pagination', () => {
      it('applies the GET_LIST route maximum (5) and default over the resource (100, 10)', async () => {
        const clamped = await send('/things?limit=50');
        expect(clamped.response.status).toBe(200);
        expect(clamped.body).toMatchObject({ limit: 5, total: 24, totalPages: 5 });
        expect((clamped.body as { items: unknown[] }).items).toHaveLength(5);
        expect((await send('/things')).body).toMatchObject({ limit: 5 });
      });

      it('applies the cursor route default (3) and walks every record once', async () => {
        const seen: string[] = [];
        let cursor: string | null = '';
        for (let i = 0; i < 20 && cursor !== null; i++) {
          const page = await send(`/things/cursor?cursor=${encodeURIComponent(cursor)}`);
          const body = page.body as { items: Thing[]; nextCursor: string | null };
          expect(body.items.length).toBeLessThanOrEqual(3);
          seen.push(...body.items.map((thing) => thing.id));
          cursor = body.nextCursor;
        }
        expect(seen).toStrictEqual(thingSeed.map((thing) => thing.id));
      });
    });

    describe('enabled route types and 405s', () => {
      it.each([
        ['PUT', '/things/t01', 'GET, PATCH'],
        ['DELETE', '/things/t01', 'GET, PATCH'],
        ['DELETE', '/things', 'GET, POST'],
        ['POST', '/things/cursor', 'GET'],
        ['PATCH', '/things/cursor', 'GET'],
        ['POST', '/api/notes/abc', 'GET, PUT, PATCH, DELETE'],
        ['PUT', '/api/notes', 'GET, POST'],
      ])('answers %s %s with 405 and allow: %s', async (method, path, allow) => {
        const result = await send(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'DELETE' ? undefined : '{}',
        });
        expectEnvelope(result, 405);
        expect(result.response.headers.get('allow')).toBe(allow);
      });

      it('answers an unknown path with the 404 envelope naming method and path', async () => {
        expectEnvelope(await send('/nowhere/at-all'), 404, 'Cannot GET /nowhere/at-all');
        expectEnvelope(await send('/things/t01/deeper'), 404);
      });
    });

    describe('create, replace and update', () => {
      it('creates (201) with location under the custom path, the id server-assigned', async () => {
        const created = await postJson('/api/notes', { text: 'hello' });
        expect(created.response.status).toBe(201);
        const note = created.body as { id: string; tag: string };
        expect(note).toMatchObject({ text: 'hello', tag: 'none' });
        expect(created.response.headers.get('location')).toBe(`/api/notes/${encodeURIComponent(note.id)}`);
        expect((await send(`/api/notes/${note.id}`)).body).toStrictEqual(note);
      });

      it('replaces with PUT (absent optional fields removed, defaults applied) and patches with PATCH', async () => {
        const { body } = await postJson('/api/notes', { text: 'a', tag: 'kept', note: 'n' });
        const id = (body as { id: string }).id;
        const patched = await send(`/api/notes/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'b' }),
        });
        expect(patched.body).toStrictEqual({ id, text: 'b', tag: 'kept', note: 'n' });
        const replaced = await send(`/api/notes/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'c' }),
        });
        expect(replaced.response.status).toBe(200);
        expect(replaced.body).toStrictEqual({ id, text: 'c', tag: 'none' });
        const removed = await send(`/api/notes/${id}`, { method: 'DELETE' });
        expect([removed.response.status, removed.text]).toStrictEqual([204, '']);
      });
    });

    describe('locals reach the scope', () => {
      it('lists, reads and creates within the tenant named by the x-tenant header', async () => {
        const odd = await send('/things?limit=5', { headers: { 'x-tenant': 'odd' } });
        expect(odd.body).toMatchObject({ total: 12 });
        expect((odd.body as { items: Thing[] }).items.every((thing) => thing.tenant === 'odd')).toBe(true);
        expectEnvelope(await send('/things/t00', { headers: { 'x-tenant': 'odd' } }), 404, 'things "t00" not found');
        expect((await send('/things/t00', { headers: { 'x-tenant': 'even' } })).response.status).toBe(200);
        const created = await postJson('/things', { name: 'new', rank: 99 }, { 'x-tenant': 'odd' });
        expect(created.response.status).toBe(201);
        expect(created.body).toMatchObject({ tenant: 'odd', name: 'new', rank: 99 });
      });
    });

    describe('the same fault, the same answer', () => {
      it('answers malformed JSON with 400 Malformed JSON body', async () => {
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"text": ',
        });
        expectEnvelope(result, 400, 'Malformed JSON body');
      });

      it.each([
        ['text/plain', 'text/plain;charset=UTF-8'],
        ['a form type', 'application/x-www-form-urlencoded'],
        ['a JSON look-alike', 'application/jsonp'],
      ])('answers a body sent as %s with 415', async (_label, type) => {
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': type },
          body: '{"text":"x"}',
        });
        expectEnvelope(result, 415, 'Content-Type must be application/json');
      });

      it('answers a body without a content type with 415', async () => {
        const result = await send('/api/notes', { method: 'POST', body: new TextEncoder().encode('{"text":"x"}') });
        expectEnvelope(result, 415, 'Content-Type must be application/json');
      });

      it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json; charset=utf-8'])(
        'takes %s as JSON',
        async (type) => {
          const result = await send('/api/notes', {
            method: 'POST',
            headers: { 'content-type': type },
            body: '{"text":"x"}',
          });
          expect(result.response.status).toBe(201);
        },
      );

      it('answers a body over bodyLimit with 413', async () => {
        const result = await postJson('/api/notes', { text: 'x'.repeat(BODY_LIMIT) });
        expectEnvelope(result, 413, `Request body is larger than ${BODY_LIMIT} bytes`);
        const exact = await postJson('/api/notes', { text: 'y'.repeat(BODY_LIMIT - 20) });
        expect(exact.response.status).toBe(201);
      });

      it.each([
        ['gzip', gzipSync],
        ['Deflate', deflateSync],
      ] as const)('takes a %s-encoded JSON body', async (encoding, encode) => {
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body: encode('{"text":"packed"}'),
        });
        expect([result.response.status, (result.body as { text?: string }).text]).toStrictEqual([201, 'packed']);
      });

      it.each(['br', 'x-unknown', 'gzip, gzip'])(
        'answers a body sent with content-encoding %s with 415',
        async (encoding) => {
          const result = await send('/api/notes', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': encoding },
            body: '{"text":"x"}',
          });
          expectEnvelope(result, 415, 'Unsupported Content-Encoding');
        },
      );

      it('answers a gzip body that does not inflate with 400, and one inflating past bodyLimit with 413', async () => {
        const corrupt = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: 'not gzip at all',
        });
        expectEnvelope(corrupt, 400, 'Malformed compressed body');
        const bomb = gzipSync(JSON.stringify({ text: 'x'.repeat(100_000) }));
        expect(bomb.length).toBeLessThan(BODY_LIMIT);
        const inflated = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: bomb,
        });
        expectEnvelope(inflated, 413, `Request body is larger than ${BODY_LIMIT} bytes`);
      });

      it('answers unsafe keys at any depth with 400 naming each, running the error hooks', async () => {
        const before = errorsSeen.length;
        const result = await send('/api/notes', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"text":"x","meta":{"a":{"__proto__":{"admin":true}},"constructor":{"prototype":1}}}',
        });
        const envelope = expectEnvelope(result, 400);
        expect([...(envelope.message as string[])].sort()).toStrictEqual([
          'meta.a.__proto__: this key is not allowed',
          'meta.constructor: this key is not allowed',
        ]);
        expect(errorsSeen.length).toBe(before + 1);
        expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
      });

      it('answers a bad query with the parser 400 and an unknown id with 404', async () => {
        expectEnvelope(await send('/api/notes?limit=0'), 400, ['limit must be a positive integer']);
        expectEnvelope(await send('/api/notes/missing'), 404, 'notes "missing" not found');
      });

      it('masks a failing repository as a 500 without the secret', async () => {
        for (const [method, path] of [
          ['GET', '/broken'],
          ['GET', '/broken/cursor'],
          ['GET', '/broken/b1'],
          ['DELETE', '/broken/b1'],
        ] as const) {
          const result = await send(path, { method });
          expectEnvelope(result, 500, 'Internal server error');
          expect(result.text).not.toContain('hunter2');
        }
      });

      it('gives every error the x-correlation-id it was sent, or a new uuid for an unsafe one', async () => {
        const response = await fetch(`${app.url}/nowhere`, { headers: { 'x-correlation-id': 'bad id with spaces' } });
        const envelope = (await response.json()) as Envelope;
        expect(envelope.correlationID).toMatch(UUID);
        expect(response.headers.get('x-correlation-id')).toBe(envelope.correlationID);
      });
    });
  });
}
