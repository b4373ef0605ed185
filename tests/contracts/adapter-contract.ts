/**
 * The contract every framework adapter meets, on resources defined only here: per-route pagination, a routes object
 * that disables some types, a custom path, PUT and PATCH semantics, `location` on create, `locals` from a request
 * header reaching a scope, search, field selection (a hidden field answered as an unknown one) and OR groups, the
 * `link` and `x-total-count` headers (below a mount prefix too), and the same status and message for the same fault
 * on every framework. Call `describeAdapterContract(name, mount)` from an adapter's test file.
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
import { expectedLinks, linksOf } from './http-contract';

/** A running app built from one adapter. */
export interface MountedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** Options the mount function passes to the adapter. */
export interface MountOptions {
  /** The adapter's `bodyLimit` option. */
  readonly bodyLimit?: number;
  /**
   * Serve the routes below this prefix: Express `app.use(prefix, router)`, Hono `app.route(prefix, ...)`, Nest's
   * global prefix, Fastify (whose plugin has no prefix) a `rewriteUrl` that strips it. Default: none.
   */
  readonly prefix?: string;
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

/**
 * People are searchable by name and email, with a hidden field; their list route sends `x-total-count` (and `link`),
 * four to a page.
 */
const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  tier: z.enum(['gold', 'silver', 'bronze']),
  score: z.number().int(),
  secret: z.string(),
});
const people = defineResource({
  name: 'people',
  schema: personSchema,
  filterable: ['name', 'tier', 'score'],
  sortable: ['score'],
  searchable: ['name', 'email'],
  hidden: ['secret'],
  pagination: { defaultLimit: 4, maxLimit: 50 },
});
type Person = z.output<typeof personSchema>;
const NAMES = [
  'Ada Lovelace',
  'Alan Turing',
  'Grace Hopper',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
  'Ken Thompson',
  'Radia Perlman',
  'Tim Berners-Lee',
  'Frances Allen',
  'John McCarthy',
  'Katherine Johnson',
];
const personSeed: Person[] = NAMES.map((name, i) => ({
  id: `p${String(i).padStart(2, '0')}`,
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@Example.NET`,
  tier: (['gold', 'silver', 'bronze'] as const)[i % 3] ?? 'gold',
  score: (i * 7) % 20,
  secret: `zebra-${i}`,
}));

/** The `contl` rule of `search` on people: the name or the email holds the text, both sides lower-cased. */
const searched = (text: string) => (person: Person) =>
  person.name.toLowerCase().includes(text.toLowerCase()) || person.email.toLowerCase().includes(text.toLowerCase());

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
    /** The things and people routes again, below `/api`. */
    let prefixed: MountedApp;
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
      const personService = createResourceService({
        resource: people,
        repository: createMemoryRepository(people, { records: personSeed }),
      });
      const thingRoutes = defineRoutes(thingService, {
        routes: {
          GET_LIST: { pagination: { maxLimit: 5, defaultLimit: 5 } },
          GET_LIST_CURSOR: { pagination: { defaultLimit: 3 } },
          GET: true,
          CREATE: true,
          PARTIAL_UPDATE: true,
          DELETE: false,
        },
      });
      const personRoutes = defineRoutes(personService, {
        routes: { GET_LIST: { totalCountHeader: true }, GET_LIST_CURSOR: true, GET: true },
      });
      app = await mount(
        [thingRoutes, defineRoutes(noteService, { path: '/api/notes' }), defineRoutes(brokenService), personRoutes],
        { bodyLimit: BODY_LIMIT },
      );
      prefixed = await mount([thingRoutes, personRoutes], { bodyLimit: BODY_LIMIT, prefix: '/api' });
    });
    afterAll(async () => {
      await app?.close();
      await prefixed?.close();
    });

    const send = async (
      path: string,
      init: RequestInit & { headers?: Record<string, string> } = {},
      to: MountedApp = app,
    ) => {
      const correlationId = `${name.replace(/[^\w.:-]/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
      const response = await fetch(`${to.url}${path}`, {
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

    describe('search, select and OR groups', () => {
      const personIds = (keep: (person: Person) => boolean) => personSeed.filter(keep).map((person) => person.id);

      it.each(['LOVE', 'example.net', 'ar', 'E.H', 'zebra', '%', '_', 'ada lovelace'])(
        'searches %s in the name or the email, case-insensitively, never in the hidden field',
        async (text) => {
          const result = await send(`/people?search=${encodeURIComponent(text)}&limit=50`);
          expect(result.response.status).toBe(200);
          const page = result.body as { items: Person[]; total: number };
          const expected = personIds(searched(text));
          expect(page.items.map((person) => person.id)).toStrictEqual(expected);
          expect(page.total).toBe(expected.length);
          expect(result.text).not.toContain('zebra');
        },
      );

      it('selects only the named fields and the id, on the list and cursor routes', async () => {
        const expected = personSeed.map(({ id, name, tier }) => ({ id, name, tier }));
        const list = await send('/people?select=tier,name&limit=50');
        expect((list.body as { items: unknown[] }).items).toStrictEqual(expected);
        const cursor = await send('/people/cursor?select=name,tier&limit=50');
        expect((cursor.body as { items: unknown[] }).items).toStrictEqual(expected);
      });

      it.each([
        ['the list route', '/people?select=name,{field}'],
        ['the cursor route', '/people/cursor?select={field}'],
        ['an OR group', '/people?or[0][{field}][eq]=zebra-1'],
        ['a filter', '/people?{field}[eq]=zebra-1'],
      ])('answers the hidden field on %s exactly as a field that does not exist', async (_label, path) => {
        const hidden = await send(path.replace('{field}', 'secret'));
        const absent = await send(path.replace('{field}', 'secrex'));
        const hiddenEnvelope = expectEnvelope(hidden, 400);
        const absentEnvelope = expectEnvelope(absent, 400);
        expect(JSON.stringify(hiddenEnvelope.message).replaceAll('secret', 'secrex')).toBe(
          JSON.stringify(absentEnvelope.message),
        );
        expect(hidden.response.headers.get('content-length')).toBe(absent.response.headers.get('content-length'));
      });

      it('answers OR groups as the reference filter does, ANDed with the search', async () => {
        const query = 'or[0][tier][eq]=gold&or[1][score][gte]=10&or[1][name][contl]=A&search=e&limit=50';
        const result = await send(`/people?${query}`);
        expect(result.response.status).toBe(200);
        const expected = personIds(
          (p) => searched('e')(p) && (p.tier === 'gold' || (p.score >= 10 && p.name.toLowerCase().includes('a'))),
        );
        expect(expected.length).toBeGreaterThan(0);
        expect((result.body as { items: Person[] }).items.map((person) => person.id)).toStrictEqual(expected);
      });

      it('answers OR groups ANDed with the scope that locals give', async () => {
        const result = await send('/things?or[0][rank][lt]=3&or[1][rank][gte]=20&or[1][rank][lt]=24', {
          headers: { 'x-tenant': 'odd' },
        });
        expect((result.body as { items: Thing[] }).items.map((thing) => thing.id)).toStrictEqual(['t01', 't21', 't23']);
      });

      it.each([
        ['/things?search=a', ['search: resource "things" has no searchable fields']],
        ['/people?search=', ['search must be 1 to 200 characters']],
        ['/people?search=a&search=b', ['search must not be repeated']],
        ['/people?select=', ['select must name at least one field']],
        ['/people?select=name&select=tier', ['select must not be repeated']],
        ['/people?or[1][tier][eq]=gold', ['or[0] is missing: OR groups are numbered from 0 without gaps']],
        ['/people?or[8][tier][eq]=gold', ['or[8]: OR groups are numbered 0 to 7']],
        ['/people?or[0][score][cont]=1', ['or[0][score][cont]: operator "cont" is not allowed on field "score"']],
      ])('answers %s with the 400 envelope and its message', async (path, message) => {
        expectEnvelope(await send(path), 400, message);
      });
    });

    describe('link and x-total-count headers', () => {
      const linksOfResult = (result: { response: Response }) => linksOf(result.response.headers.get('link'));

      it('links the pages of a list on its own path, every other parameter as sent, without x-total-count', async () => {
        const query = 'rank[gte]=3&rank[lt]=24&page=2';
        const result = await send(`/things?${query}`);
        expect(result.body).toMatchObject({ total: 21, page: 2, totalPages: 5 });
        expect(linksOfResult(result)).toStrictEqual(
          expectedLinks('/things', query, { first: 1, prev: 1, next: 3, last: 5 }),
        );
        expect(result.response.headers.get('x-total-count')).toBeNull();
        expect(result.response.headers.get('access-control-expose-headers')).toBeNull();
      });

      it('carries the mount prefix: next and no prev on page 1, prev and no next on the last page', async () => {
        const first = await send('/api/things?rank[lt]=24', {}, prefixed);
        expect(first.body).toMatchObject({ total: 24, page: 1, totalPages: 5 });
        expect(linksOfResult(first)).toStrictEqual(
          expectedLinks('/api/things', 'rank[lt]=24', { first: 1, next: 2, last: 5 }),
        );
        const last = await send('/api/things?page=5&rank[lt]=24', {}, prefixed);
        expect(linksOfResult(last)).toStrictEqual(
          expectedLinks('/api/things', 'page=5&rank[lt]=24', { first: 1, prev: 4, last: 5 }),
        );
      });

      it('visits every record exactly once by following next from page 1 below the prefix', async () => {
        const seen: string[] = [];
        let target: string | undefined = '/api/things?rank[lt]=24&orderBy=rank&orderDirection=DESC';
        for (let pages = 0; target !== undefined; pages++) {
          expect(pages).toBeLessThan(10);
          expect(target.startsWith('/api/things?')).toBe(true);
          const result = await send(target, {}, prefixed);
          expect(result.response.status).toBe(200);
          seen.push(...(result.body as { items: Thing[] }).items.map((thing) => thing.id));
          target = linksOfResult(result).get('next');
        }
        expect(seen).toStrictEqual(thingSeed.map((thing) => thing.id).reverse());
      });

      it.each([
        ['at the root', ''],
        ['below the prefix', '/api'],
      ])('sends x-total-count equal to the total, named in access-control-expose-headers, %s', async (_label, base) => {
        const cases: [query: string, total: number][] = [
          ['', personSeed.length],
          ['tier[eq]=gold', personSeed.filter((person) => person.tier === 'gold').length],
          ['search=zzz', 0],
          ['search=a&select=name&page=2&limit=3', personSeed.filter(searched('a')).length],
        ];
        for (const [query, total] of cases) {
          const result = await send(
            `${base}/people${query === '' ? '' : `?${query}`}`,
            {},
            base === '' ? app : prefixed,
          );
          expect([query, result.response.status]).toStrictEqual([query, 200]);
          expect((result.body as { total: number }).total).toBe(total);
          expect(result.response.headers.get('x-total-count')).toBe(String(total));
          const exposed = result.response.headers.get('access-control-expose-headers') ?? '';
          expect(
            exposed
              .split(',')
              .map((name) => name.trim().toLowerCase())
              .sort(),
          ).toStrictEqual(['link', 'x-total-count']);
          expect(linksOfResult(result).get('first')).toBe(
            expectedLinks(`${base}/people`, query, { first: 1 }).get('first'),
          );
        }
      });

      it('sends neither header on the cursor route, a read, or a 400', async () => {
        for (const path of ['/people/cursor', '/people/p01', '/people?limit=0', '/people?search=']) {
          const result = await send(path);
          expect(result.response.headers.get('link'), path).toBeNull();
          expect(result.response.headers.get('x-total-count'), path).toBeNull();
        }
      });
    });
  });
}
