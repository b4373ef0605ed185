/**
 * The client's lifecycle calls: `restore`, `ifMatch` on the writes, `delete(id, { permanent })`, `deleted` on the
 * reads and `etagOf`; first against a fake fetch (what is sent), then over a real socket against a Fastify app of
 * the notes (soft delete, a version, every lifecycle route option on).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, etagOf, isClientHttpError, type ClientHttpError, type ResourceClient } from 'pagelope/client';
import { pagelope } from 'pagelope/fastify';
import { rejectionOf } from '../support/rejection-of';
import { createLifecycleRoutes } from '../openapi/lifecycle-routes';
import { fakeFetch, json, pageOf } from './fake-fetch';
import { BASE, notesOf, type Note } from './lifecycle-notes';

const note = (version: number, deletedAt: string | null = null): Note => ({ id: 'n1', title: 't', deletedAt, version });

describe('ResourceClient lifecycle calls (what is sent)', () => {
  it('sends ifMatch as if-match: a number as its quoted tag, a string as it is, nothing without it', async () => {
    const { notes, calls } = notesOf(() => json(200, note(2)));
    await notes.update('n1', { title: 'a' }, { ifMatch: 1 });
    await notes.replace('n1', { title: 'a' }, { ifMatch: '"1", "2"' });
    await notes.delete('n1', { ifMatch: '*' });
    await notes.restore('n1', { ifMatch: 12 });
    await notes.update('n1', { title: 'a' });
    expect(calls.map((call) => [call.method, call.headers['if-match']])).toEqual([
      ['PATCH', '"1"'],
      ['PUT', '"1", "2"'],
      ['DELETE', '*'],
      ['POST', '"12"'],
      ['PATCH', undefined],
    ]);
  });

  it("sends the call's ifMatch over an if-match header of the client's", async () => {
    const { notes, calls } = notesOf(() => json(200, note(2)), { 'If-Match': '"9"' });
    await notes.update('n1', { title: 'a' }, { ifMatch: 3 });
    await notes.update('n1', { title: 'a' });
    expect(calls.map((call) => call.headers['if-match'])).toEqual(['"3"', '"9"']);
  });

  it.each([
    { name: 'a fraction', ifMatch: 1.5 },
    { name: 'NaN', ifMatch: Number.NaN },
    { name: 'an empty string', ifMatch: '' },
    { name: 'blanks', ifMatch: '  ' },
    { name: 'a line break', ifMatch: '"1"\r\nx-evil: 1' },
    { name: 'a boolean', ifMatch: true },
    { name: 'null', ifMatch: null },
  ])('rejects with a TypeError, sending nothing, for an ifMatch of $name', async ({ ifMatch }) => {
    const { notes, calls } = notesOf(() => json(200, note(2)));
    expect(await rejectionOf(notes.update('n1', {}, { ifMatch: ifMatch as never }))).toBeInstanceOf(TypeError);
    expect(await rejectionOf(notes.restore('n1', { ifMatch: ifMatch as never }))).toBeInstanceOf(TypeError);
    expect(calls).toEqual([]);
  });

  it('sends POST {path}/{id}/restore without a body, and DELETE with ?permanent=true only for permanent: true', async () => {
    const { notes, calls } = notesOf((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, note(3)),
    );
    expect(await notes.restore('a b')).toEqual(note(3));
    await notes.delete('n1', { permanent: true });
    await notes.delete('n1', { permanent: false });
    await notes.delete('n1');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/notes/a%20b/restore`,
      `DELETE ${BASE}/notes/n1?permanent=true`,
      `DELETE ${BASE}/notes/n1`,
      `DELETE ${BASE}/notes/n1`,
    ]);
    expect([calls[0]?.body, calls[0]?.headers['content-type']]).toEqual([undefined, undefined]);
    expect(await rejectionOf(notes.delete('n1', { permanent: 'yes' as never }))).toBeInstanceOf(TypeError);
    expect(await rejectionOf(notes.restore('..'))).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(4);
  });

  it('sends deleted as deleted= on list, listByCursor, pages, all and get', async () => {
    const { notes, calls } = notesOf((call) =>
      json(
        200,
        call.url.includes('/cursor')
          ? { items: [], nextCursor: null }
          : call.url.includes('/n1')
            ? note(1)
            : pageOf([], 1, 10, 0),
      ),
    );
    await notes.list({ deleted: 'include', limit: 5 });
    await notes.listByCursor({ deleted: 'only' });
    for await (const page of notes.pages({ deleted: 'only' })) expect(page.items).toEqual([]);
    for await (const item of notes.all({ deleted: 'include' })) expect(item).toBeUndefined();
    await notes.get('n1', { deleted: 'include' });
    await notes.get('n1');
    expect(calls.map((call) => call.url.slice(BASE.length))).toEqual([
      '/notes?limit=5&deleted=include',
      '/notes/cursor?deleted=only',
      '/notes?page=1&deleted=only',
      '/notes/cursor?deleted=include',
      '/notes/n1?deleted=include',
      '/notes/n1',
    ]);
    expect(await rejectionOf(notes.get('n1', { deleted: 'all' as never }))).toBeInstanceOf(TypeError);
    expect(await rejectionOf(notes.list({ deleted: 'all' as never }))).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(6);
  });

  it('names the restore route in the 502 of a reply that is not a record', async () => {
    const { notes } = notesOf(() => json(200, [note(1)]));
    const error = (await rejectionOf(notes.restore('n1'))) as ClientHttpError;
    expect([error.statusCode, error.message]).toEqual([
      502,
      'the response to POST /notes/:id/restore (status 200) was not a record (a JSON object)',
    ]);
  });
});

describe('etagOf', () => {
  it("returns the etag of the reply a one-record call's result came with", async () => {
    const { notes } = notesOf((call) =>
      call.url.endsWith('/notes') && call.method === 'GET'
        ? json(200, pageOf([note(1)], 1, 10, 1), { etag: '"1"' })
        : json(call.method === 'POST' ? 201 : 200, note(7), { etag: '"7"' }),
    );
    for (const record of [
      await notes.get('n1'),
      await notes.create({ title: 't' }),
      await notes.update('n1', {}),
      await notes.replace('n1', {}),
      await notes.restore('n1'),
    ])
      expect(etagOf(record)).toBe('"7"');
    const got = await notes.get('n1');
    expect(etagOf({ ...got })).toBeUndefined();
    expect(etagOf((await notes.list()).items[0])).toBeUndefined();
    for (const value of [undefined, null, 'x', 7, {}]) expect(etagOf(value)).toBeUndefined();
  });

  it('returns undefined for a record whose reply had no etag, and tags what revive returns (frozen too)', async () => {
    const bare = notesOf(() => json(200, note(1)));
    expect(etagOf(await bare.notes.get('n1'))).toBeUndefined();
    const fake = fakeFetch(() => json(200, note(4), { etag: '"4"' }));
    const revived = createClient({ baseUrl: BASE, fetch: fake.fetch }).resource('/notes', {
      revive: (raw) => Object.freeze({ ...raw, seen: true }),
    });
    const record = await revived.get('n1');
    expect([record['seen'], etagOf(record)]).toEqual([true, '"4"']);
  });
});

describe('ResourceClient lifecycle calls against a real server', () => {
  let app: FastifyInstance;
  let notes: ResourceClient<Note>;

  beforeAll(async () => {
    app = Fastify();
    await app.register(pagelope, { routes: createLifecycleRoutes() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    notes = createClient({ baseUrl: `http://127.0.0.1:${port}` }).resource<Note>('/notes');
  });
  afterAll(async () => {
    await app?.close();
  });

  const statusOf = async (promise: Promise<unknown>) => {
    const error = await rejectionOf(promise);
    return isClientHttpError(error) ? [error.statusCode, error.correlationID !== undefined] : error;
  };
  const ids = (page: { readonly items: readonly Note[] }) => page.items.map((item) => item.id);

  it('writes conditionally, soft-deletes, reads deleted records, restores and deletes permanently', async () => {
    const created = await notes.create({ id: 'n3', title: 'draft' });
    expect([created.version, etagOf(created)]).toEqual([1, '"1"']);
    // Every write route requires if-match: 428 without, 412 with a version the record no longer has.
    expect(await statusOf(notes.update('n3', { title: 'x' }))).toEqual([428, true]);
    const updated = await notes.update('n3', { title: 'final' }, { ifMatch: created.version });
    expect([updated.version, etagOf(updated)]).toEqual([2, '"2"']);
    expect(await statusOf(notes.replace('n3', { title: 'y' }, { ifMatch: etagOf(created)! }))).toEqual([412, true]);
    expect(etagOf(await notes.get('n3'))).toBe('"2"');

    await notes.delete('n3', { ifMatch: etagOf(updated)! });
    expect(await statusOf(notes.get('n3'))).toEqual([404, true]);
    const deleted = await notes.get('n3', { deleted: 'only' });
    expect([deleted.deletedAt, etagOf(deleted)]).toEqual([expect.any(String), '"3"']);
    expect(ids(await notes.list())).toEqual(['n1', 'n2']);
    expect(ids(await notes.list({ deleted: 'only' }))).toEqual(['n3']);
    expect(ids(await notes.listByCursor({ deleted: 'include' }))).toEqual(['n1', 'n2', 'n3']);
    const walked: string[] = [];
    for await (const item of notes.all({ deleted: 'only', limit: 1 })) walked.push(item.id);
    expect(walked).toEqual(['n3']);

    expect(await statusOf(notes.restore('n3'))).toEqual([428, true]);
    expect(await statusOf(notes.restore('n3', { ifMatch: 2 }))).toEqual([412, true]);
    const restored = await notes.restore('n3', { ifMatch: 3 });
    expect([restored.deletedAt, restored.version, etagOf(restored)]).toEqual([null, 4, '"4"']);
    expect(await statusOf(notes.restore('nope', { ifMatch: '*' }))).toEqual([404, true]);

    await notes.delete('n3', { ifMatch: '*', permanent: true });
    expect(ids(await notes.list({ deleted: 'include' }))).toEqual(['n1', 'n2']);
  });
});
