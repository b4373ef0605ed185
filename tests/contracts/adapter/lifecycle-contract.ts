/**
 * The record lifecycle over real HTTP (issue 20): soft delete, `deleted`, RESTORE, `permanent`, the `etag` of
 * one-record replies, `If-None-Match` (a bare 304), `If-Match` (412, 400 for a malformed one, `*`) and
 * `requireIfMatch` (428), on apps of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from '../../../src/index';
import type { DefineRoutesOptions } from '../../../src/index';
import type { Envelope } from '../envelope';
import { BODY_LIMIT } from './fixtures';
import type { MountAdapter, MountedApp } from './mount-adapter';
import { sendChecked, type SentResult } from './send-checked';

/** Notes with soft delete and versions; their seed, n1 to n9, every one live at version 1. */
export const lifecycleNotes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), deletedAt: z.date().nullable(), version: z.number().int() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
  version: 'version',
});
const seed = () =>
  Array.from({ length: 9 }, (_, i) => ({ id: `n${i + 1}`, title: `note ${i + 1}`, deletedAt: null, version: 1 }));

/** The routes of a fresh notes service below `path`. */
function notesRoutes(path: string, routes?: DefineRoutesOptions['routes']) {
  const repository = createMemoryRepository(lifecycleNotes, { records: seed() });
  const service = createResourceService({ resource: lifecycleNotes, repository });
  return defineRoutes(service, routes === undefined ? { path } : { path, routes });
}

type Sent = SentResult;

/** Declares the lifecycle cases on the app `mount` builds: `/notes` (every option), `/plain` (none), `/strict`. */
export function describeLifecycleContract(name: string, mount: MountAdapter): void {
  describe(`${name} lifecycle over HTTP`, () => {
    let app: MountedApp;
    beforeAll(async () => {
      const full = notesRoutes('/notes', {
        GET_LIST: { deleted: true },
        GET_LIST_CURSOR: { deleted: true },
        GET: { deleted: true },
        CREATE: true,
        UPDATE: true,
        PARTIAL_UPDATE: true,
        DELETE: { permanent: true },
        RESTORE: true,
      });
      const strict = notesRoutes('/strict', {
        GET: true,
        PARTIAL_UPDATE: { requireIfMatch: true },
        DELETE: { requireIfMatch: true },
      });
      app = await mount([full, notesRoutes('/plain'), strict], { bodyLimit: BODY_LIMIT });
    });
    afterAll(async () => {
      await app?.close();
    });

    const send = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Sent> =>
      sendChecked(app.url, `${name}-life`, path, init);
    const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const expectEnvelope = (sent: Sent, status: number) => {
      expect([sent.response.status, sent.response.headers.get('content-type')]).toStrictEqual([
        status,
        expect.stringMatching(/^application\/json/),
      ]);
      expect(sent.body as Envelope).toMatchObject({ statusCode: status, correlationID: sent.correlationId });
      expect(typeof (sent.body as Envelope).error).toBe('string');
    };
    const ids = (sent: Sent) => (sent.body as { items: { id: string }[] }).items.map((item) => item.id);

    it('soft-deletes (204, then GET 404), lists and reads with deleted=include, and restores with an etag', async () => {
      const removed = await send('/notes/n1', { method: 'DELETE' });
      expect([removed.response.status, removed.text]).toStrictEqual([204, '']);
      expectEnvelope(await send('/notes/n1'), 404);
      expect(ids(await send('/notes?deleted=include&limit=3'))).toStrictEqual(['n1', 'n2', 'n3']);
      expect(ids(await send('/notes?deleted=only'))).toStrictEqual(['n1']);
      expect(ids(await send('/notes/cursor?deleted=only'))).toStrictEqual(['n1']);
      const hidden = await send('/notes/n1?deleted=include');
      expect([hidden.response.status, (hidden.body as { id: string }).id]).toStrictEqual([200, 'n1']);
      const restored = await send('/notes/n1/restore', { method: 'POST' });
      expect(restored.response.status).toBe(200);
      expect(restored.body).toMatchObject({ id: 'n1', deletedAt: null, version: 3 });
      expect(restored.response.headers.get('etag')).toBe('"3"');
      expect((await send('/notes/n1')).response.status).toBe(200);
      expectEnvelope(await send('/notes/none/restore', { method: 'POST' }), 404);
      const other = await send('/notes/n1/restore', { method: 'PATCH' });
      expectEnvelope(other, 405);
      expect(other.response.headers.get('allow')).toBe('POST');
    });

    it('answers deleted and permanent with 400 where the route does not enable them', async () => {
      expectEnvelope(await send('/plain?deleted=include'), 400);
      expectEnvelope(await send('/plain/n1?deleted=include'), 400);
      expectEnvelope(await send('/plain/n1?permanent=true', { method: 'DELETE' }), 400);
      expect((await send('/plain/n1')).response.status).toBe(200);
    });

    it('removes a record with permanent=true where enabled, and refuses permanent=1', async () => {
      expectEnvelope(await send('/notes/n2?permanent=1', { method: 'DELETE' }), 400);
      expect((await send('/notes/n2?permanent=true', { method: 'DELETE' })).response.status).toBe(204);
      expectEnvelope(await send('/notes/n2?deleted=include'), 404);
      expectEnvelope(await send('/notes/n2/restore', { method: 'POST' }), 404);
    });

    it('sends the etag on GET, POST, PUT and PATCH replies', async () => {
      const got = await send('/notes/n3');
      expect([got.response.status, got.response.headers.get('etag')]).toStrictEqual([200, '"1"']);
      const created = await json('POST', '/notes', { id: 'n10', title: 'new' });
      expect([created.response.status, created.response.headers.get('etag')]).toStrictEqual([201, '"1"']);
      const replaced = await json('PUT', '/notes/n3', { title: 'put' });
      expect([replaced.response.status, replaced.response.headers.get('etag')]).toStrictEqual([200, '"2"']);
      const patched = await json('PATCH', '/notes/n3', { title: 'patch' });
      expect([patched.response.status, patched.response.headers.get('etag')]).toStrictEqual([200, '"3"']);
      // A page has no version (Express's own `etag` setting may still tag it, weakly).
      expect((await send('/notes')).response.headers.get('etag') ?? '').not.toMatch(/^"\d+"$/);
    });

    it('answers a GET whose If-None-Match names the etag with a bare 304', async () => {
      for (const tag of ['"1"', 'W/"1"', '"9", "1"', '*']) {
        const cached = await send('/notes/n4', { headers: { 'if-none-match': tag } });
        expect(cached.response.status, tag).toBe(304);
        expect(cached.text).toBe('');
        expect(cached.response.headers.get('etag')).toBe('"1"');
        expect(cached.response.headers.get('content-type')).toBeNull();
      }
      const changed = await send('/notes/n4', { headers: { 'if-none-match': '"2"' } });
      expect([changed.response.status, changed.response.headers.get('etag')]).toStrictEqual([200, '"1"']);
      expect((await send('/notes/n4', { headers: { 'if-none-match': 'garbage' } })).response.status).toBe(200);
    });

    it('makes writes conditional on If-Match: a stale tag is the 412 envelope, * and the current tag pass', async () => {
      expectEnvelope(await json('PATCH', '/notes/n5', { title: 'x' }, { 'if-match': '"7"' }), 412);
      expectEnvelope(await json('PUT', '/notes/n5', { title: 'x' }, { 'if-match': '"7"' }), 412);
      expectEnvelope(await send('/notes/n5', { method: 'DELETE', headers: { 'if-match': '"7"' } }), 412);
      expectEnvelope(await json('PATCH', '/notes/n5', { title: 'x' }, { 'if-match': 'abc' }), 400);
      expect((await send('/notes/n5')).body).toMatchObject({ title: 'note 5', version: 1 });
      const star = await json('PATCH', '/notes/n5', { title: 'star' }, { 'if-match': '*' });
      expect([star.response.status, star.response.headers.get('etag')]).toStrictEqual([200, '"2"']);
      const current = await json('PATCH', '/notes/n5', { title: 'y' }, { 'if-match': '"2"' });
      expect([current.response.status, current.response.headers.get('etag')]).toStrictEqual([200, '"3"']);
    });

    it('answers a write without If-Match with the 428 envelope where the route requires it', async () => {
      expectEnvelope(await json('PATCH', '/strict/n6', { title: 'x' }), 428);
      expectEnvelope(await send('/strict/n6', { method: 'DELETE' }), 428);
      expect((await json('PATCH', '/strict/n6', { title: 'x' }, { 'if-match': '*' })).response.status).toBe(200);
      expect((await send('/strict/n6', { method: 'DELETE', headers: { 'if-match': '"2"' } })).response.status).toBe(
        204,
      );
    });

    it.each([
      { label: 'deleted=maybe', path: '/notes?deleted=maybe', status: 400 },
      { label: 'an empty deleted=', path: '/notes?deleted=', status: 400 },
      { label: 'a repeated deleted', path: '/notes?deleted=include&deleted=only', status: 400 },
      { label: 'deleted=maybe on one record', path: '/notes/n8?deleted=maybe', status: 400 },
      { label: 'deleted=__proto__ on the cursor path', path: '/notes/cursor?deleted=__proto__', status: 400 },
      { label: 'permanent=1', path: '/notes/n8?permanent=1', method: 'DELETE', status: 400 },
      { label: 'a repeated permanent', path: '/notes/n8?permanent=true&permanent=true', method: 'DELETE', status: 400 },
      { label: 'If-Match W/"1" (weak, never a write\'s match)', ifMatch: 'W/"1"', status: 412 },
      { label: 'If-Match "abc"', ifMatch: '"abc"', status: 400 },
      { label: 'If-Match abc, unquoted', ifMatch: 'abc', status: 400 },
      { label: 'an empty If-Match', ifMatch: '', status: 400 },
      { label: 'an If-Match of 2,000 characters', ifMatch: `"${'1'.repeat(2000)}"`, status: 400 },
      { label: 'If-Match "0"', ifMatch: '"0"', status: 400 },
      { label: 'If-Match "-1"', ifMatch: '"-1"', status: 400 },
    ])('answers $label where the routes enable the lifecycle with the $status envelope', async (row) => {
      const method = row.method ?? (row.ifMatch === undefined ? 'GET' : 'PATCH');
      const headers: Record<string, string> = row.ifMatch === undefined ? {} : { 'if-match': row.ifMatch };
      const sent =
        method === 'PATCH'
          ? await json('PATCH', row.path ?? '/notes/n8', { title: 'hostile' }, headers)
          : await send(row.path ?? '/notes/n8', { method, headers });
      expectEnvelope(sent, row.status);
      expect((await send('/notes/n8')).body).toMatchObject({ id: 'n8', title: 'note 8', version: 1 });
    });

    it('answers If-None-Match garbage with the record, and If-Match * with the write', async () => {
      for (const tag of ['<garbage>', 'W/', '""', '*x', `"${'9'.repeat(2000)}"`]) {
        const got = await send('/notes/n9', { headers: { 'if-none-match': tag } });
        expect([tag, got.response.status, got.response.headers.get('etag')]).toStrictEqual([tag, 200, '"1"']);
      }
      const star = await json('PATCH', '/notes/n9', { title: 'star' }, { 'if-match': '*' });
      expect([star.response.status, star.response.headers.get('etag')]).toStrictEqual([200, '"2"']);
    });

    it('keeps a literal segment off /:id: PATCH, PUT and DELETE /notes/cursor are its 405, not writes of "cursor"', async () => {
      for (const method of ['PATCH', 'PUT', 'DELETE']) {
        const refused = await json(method, '/notes/cursor', { title: 'x' });
        expectEnvelope(refused, 405);
        expect(refused.response.headers.get('allow')).toBe('GET');
      }
    });
  });
}
