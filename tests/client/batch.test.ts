/**
 * The client's batch calls `createMany`, `updateMany` and `deleteMany`: first against a fake fetch (what is sent,
 * what a reply of another shape gets), then over a real socket against a Fastify app of the notes with the batch
 * routes enabled.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isClientHttpError, type ClientHttpError, type ResourceClient } from 'pagelope/client';
import { pagelope } from 'pagelope/fastify';
import { HttpError, toErrorEnvelope } from 'pagelope';
import { rejectionOf } from '../support/rejection-of';
import { createLifecycleRoutes } from '../openapi/lifecycle-routes';
import { fakeFetch, json } from './fake-fetch';
import { BASE, notesOf, type Note } from './lifecycle-notes';

const note = (id: string, title = id): Note => ({ id, title, deletedAt: null, version: 1 });

describe('ResourceClient batch calls (what is sent)', () => {
  it('sends POST, PATCH and DELETE {path}/batch with { items } and { ids } as JSON', async () => {
    const { notes, calls } = notesOf((call) =>
      call.method === 'DELETE' ? json(200, { ids: ['a', 'b'] }) : json(200, { items: [note('a'), note('b')] }),
    );
    expect(await notes.createMany([{ id: 'a' }, { id: 'b' }])).toEqual([note('a'), note('b')]);
    expect(await notes.updateMany([{ id: 'a', title: 'x' }])).toEqual([note('a'), note('b')]);
    expect(await notes.deleteMany(['a', 'b'])).toEqual(['a', 'b']);
    expect(calls.map((call) => [call.method, call.url, call.headers['content-type'], call.body])).toEqual([
      ['POST', `${BASE}/notes/batch`, 'application/json', '{"items":[{"id":"a"},{"id":"b"}]}'],
      ['PATCH', `${BASE}/notes/batch`, 'application/json', '{"items":[{"id":"a","title":"x"}]}'],
      ['DELETE', `${BASE}/notes/batch`, 'application/json', '{"ids":["a","b"]}'],
    ]);
  });

  it('revives each record, and freezes the arrays it returns', async () => {
    const fake = fakeFetch(() => json(201, { items: [note('a')] }));
    const notes = createClient({ baseUrl: BASE, fetch: fake.fetch }).resource('/notes', {
      revive: (raw) => ({ ...raw, seen: true }),
    });
    const created = await notes.createMany([{}]);
    expect(created).toEqual([{ ...note('a'), seen: true }]);
    expect(Object.isFrozen(created)).toBe(true);
  });

  it.each([
    { name: 'createMany', run: (notes: ResourceClient<Note>) => notes.createMany({} as never) },
    { name: 'updateMany', run: (notes: ResourceClient<Note>) => notes.updateMany('a' as never) },
    { name: 'deleteMany', run: (notes: ResourceClient<Note>) => notes.deleteMany(undefined as never) },
  ])('rejects $name with a TypeError, sending nothing, for input that is not an array', async ({ run }) => {
    const { notes, calls } = notesOf(() => json(200, { items: [] }));
    expect(await rejectionOf(run(notes))).toBeInstanceOf(TypeError);
    expect(calls).toEqual([]);
  });

  it.each([
    { call: 'createMany', body: [note('a')], route: 'POST /notes/batch', expected: 'a batch of records' },
    { call: 'updateMany', body: { items: [1] }, route: 'PATCH /notes/batch', expected: 'a batch of records' },
    { call: 'deleteMany', body: { items: ['a'] }, route: 'DELETE /notes/batch', expected: 'a batch of ids' },
    { call: 'deleteMany', body: { ids: [{}] }, route: 'DELETE /notes/batch', expected: 'a batch of ids' },
  ] as const)('names $route in the 502 of a reply that is not $expected', async ({ call, body, route, expected }) => {
    const { notes } = notesOf(() => json(200, body));
    const run = notes[call] as (input: unknown) => Promise<unknown>;
    const error = (await rejectionOf(run([]))) as ClientHttpError;
    expect([error.statusCode, error.message]).toEqual([
      502,
      expect.stringContaining(`the response to ${route} (status 200) was not ${expected}`),
    ]);
  });
});

/** Binds `notes` to a server on 127.0.0.1 (port 0) once `listen` resolved; closes it after the suite. */
async function portOf(server: { address(): AddressInfo | string | null }) {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

const BATCH_ROUTES = { GET_LIST: true, CREATE_MANY: true, UPDATE_MANY: true, DELETE_MANY: true } as const;

describe('ResourceClient batch calls against a real Fastify server', () => {
  let app: FastifyInstance;
  let notes: ResourceClient<Note>;

  beforeAll(async () => {
    app = Fastify();
    await app.register(pagelope, { routes: createLifecycleRoutes(BATCH_ROUTES) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    notes = createClient({ baseUrl: `http://127.0.0.1:${await portOf(app.server)}` }).resource<Note>('/notes');
  });
  afterAll(async () => {
    await app?.close();
  });

  const ids = async () => (await notes.list()).items.map((item) => item.id);

  it('creates and updates records in one request each, in the order given', async () => {
    const created = await notes.createMany([
      { id: 'n4', title: 'four' },
      { id: 'n3', title: 'three' },
    ]);
    expect(created.map((record) => [record.id, record.title, record.version])).toEqual([
      ['n4', 'four', 1],
      ['n3', 'three', 1],
    ]);
    const updated = await notes.updateMany([
      { id: 'n3', title: 'THREE' },
      { id: 'n1', title: 'ONE' },
    ]);
    expect(updated.map((record) => [record.id, record.title, record.version])).toEqual([
      ['n3', 'THREE', 2],
      ['n1', 'ONE', 2],
    ]);
    expect(await ids()).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('rejects with a ClientHttpError listing every item’s problem, writing nothing', async () => {
    const before = await ids();
    const error = await rejectionOf(
      notes.createMany([{ id: 'n5', title: 'ok' }, { id: 'n6', title: 6 }, { id: 'n7' }] as never),
    );
    if (!isClientHttpError(error)) throw error;
    expect([error.statusCode, error.correlationID !== undefined]).toEqual([400, true]);
    expect(error.message).toEqual([
      expect.stringMatching(/^items\[1\]\.title: /),
      expect.stringMatching(/^items\[2\]\.title: /),
    ]);
    const updateError = await rejectionOf(notes.updateMany([{ id: 'n2', title: 'x' }, { id: 'nope' }]));
    expect(isClientHttpError(updateError) ? [updateError.statusCode, updateError.message] : updateError).toEqual([
      404,
      [expect.stringContaining('items[1]')],
    ]);
    expect(await ids()).toEqual(before);
  });

  it('deletes records by id in one request (the Fastify adapter reads the DELETE body of DELETE_MANY)', async () => {
    expect(await notes.deleteMany(['n1'])).toEqual(['n1']);
    expect(await ids()).not.toContain('n1');
  });
});

describe('ResourceClient.deleteMany against a real server (the route on node:http)', () => {
  let server: Server;
  let notes: ResourceClient<Note>;

  // A bare node:http server in front of the route handlers: the DELETE body reaches DELETE_MANY whatever the
  // framework adapters do with it.
  beforeAll(async () => {
    const { routes } = createLifecycleRoutes(BATCH_ROUTES);
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const route = routes.find((r) => r.method === request.method && r.path === url.pathname);
        const text = Buffer.concat(chunks).toString('utf8');
        const input = {
          params: {},
          query: url.search.slice(1),
          headers: {},
          body: text === '' ? undefined : JSON.parse(text),
        };
        const answer = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        };
        if (route === undefined) return answer(404, toErrorEnvelope(new HttpError(404), { correlationId: 'c' }));
        route.handle(input).then(
          (result) => answer(result.status, result.body),
          (error: unknown) => {
            const envelope = toErrorEnvelope(error, { correlationId: 'c' });
            answer(envelope.statusCode, envelope);
          },
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    notes = createClient({ baseUrl: `http://127.0.0.1:${await portOf(server)}` }).resource<Note>('/notes');
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('deletes records in one request, answering their ids in the order given; a missing id deletes none', async () => {
    const missing = await rejectionOf(notes.deleteMany(['n1', 'nope']));
    expect(isClientHttpError(missing) ? [missing.statusCode, missing.message] : missing).toEqual([
      404,
      [expect.stringContaining('ids[1]')],
    ]);
    expect((await notes.list()).items.map((item) => item.id)).toEqual(['n1', 'n2']);
    expect(await notes.deleteMany(['n2', 'n1'])).toEqual(['n2', 'n1']);
    expect((await notes.list()).items).toEqual([]);
  });
});
