/**
 * The lifecycle over the route table (framework-neutral): RESTORE, `deleted` and `permanent` where a route enables
 * them, the `etag` of one-record replies, `If-None-Match` (304), `If-Match` (412) and `requireIfMatch` (428).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  type DefineRoutesOptions,
  type RouteType,
} from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), deletedAt: z.date().nullable(), version: z.number().int() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
  version: 'version',
});
const seed = ['n1', 'n2'].map((id) => ({ id, title: id, deletedAt: null, version: 1 }));

function open(routes?: DefineRoutesOptions['routes']) {
  const service = createResourceService({
    resource: notes,
    repository: createMemoryRepository(notes, { records: seed }),
  });
  const defined = defineRoutes(service, routes === undefined ? {} : { routes });
  const route = (type: RouteType): Route => {
    const found = defined.routes.find((candidate) => candidate.type === type);
    if (found === undefined) throw new Error(`no ${type} route`);
    return found;
  };
  const call = (type: RouteType, input: { id?: string; query?: unknown; headers?: object; body?: unknown } = {}) =>
    route(type).handle({
      params: input.id === undefined ? {} : { id: input.id },
      query: input.query ?? '',
      headers: input.headers ?? {},
      body: input.body,
    });
  return { defined, call, service };
}

const statusOf = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return isHttpError(error) ? error.statusCode : error;
};

describe('lifecycle routes', () => {
  it('enables RESTORE by default for a resource with softDelete, at POST {path}/:id/restore', () => {
    const { defined } = open();
    expect(defined.routes.map((route) => `${route.method} ${route.path}`)).toContain('POST /notes/:id/restore');
    expect(defined.allow.get('/notes/:id/restore')).toBe('POST');
  });

  it('refuses RESTORE, deleted and permanent on a resource without softDelete', () => {
    const plain = defineResource({ name: 'plain', schema: z.object({ id: z.string() }) });
    const service = createResourceService({ resource: plain, repository: createMemoryRepository(plain) });
    expect(defineRoutes(service).routes.map((route) => route.type)).not.toContain('RESTORE');
    expect(() => defineRoutes(service, { routes: { RESTORE: true } })).toThrow(
      'RESTORE needs a resource with softDelete',
    );
    expect(() => defineRoutes(service, { routes: { GET_LIST: { deleted: true } } })).toThrow(
      'option "deleted" of route GET_LIST needs a resource with softDelete',
    );
    expect(() => defineRoutes(service, { routes: { DELETE: { permanent: true } } })).toThrow(
      'option "permanent" of route DELETE needs a resource with softDelete',
    );
    expect(() => defineRoutes(service, { routes: { CREATE: { requireIfMatch: true } as never } })).toThrow(
      'unknown option "requireIfMatch" of route CREATE',
    );
  });

  it('soft-deletes, hides, lists with deleted where enabled, and restores', async () => {
    const { call } = open({
      GET_LIST: { deleted: true },
      GET_LIST_CURSOR: { deleted: true },
      GET: { deleted: true },
      DELETE: true,
      RESTORE: true,
    });
    expect((await call('DELETE', { id: 'n1' })).status).toBe(204);
    const ids = async (type: RouteType, query: unknown) =>
      ((await call(type, { query })).body as { items: { id: string }[] }).items.map((item) => item.id);
    expect(await ids('GET_LIST', '')).toStrictEqual(['n2']);
    expect(await ids('GET_LIST', 'deleted=include')).toStrictEqual(['n1', 'n2']);
    expect(await ids('GET_LIST', { deleted: 'only' })).toStrictEqual(['n1']);
    expect(await ids('GET_LIST_CURSOR', new URLSearchParams('deleted=only&limit=5'))).toStrictEqual(['n1']);
    expect(await statusOf(call('GET', { id: 'n1' }))).toBe(404);
    expect((await call('GET', { id: 'n1', query: 'deleted=include' })).body).toMatchObject({ id: 'n1' });
    for (const query of ['deleted=maybe', 'deleted=include&deleted=only', 'deleted='])
      expect(await statusOf(call('GET_LIST', { query }))).toBe(400);
    const restored = await call('RESTORE', { id: 'n1' });
    expect([restored.status, restored.body]).toMatchObject([200, { id: 'n1', deletedAt: null, version: 3 }]);
    expect(restored.headers['etag']).toBe('"3"');
    expect(await statusOf(call('RESTORE', { id: 'nope' }))).toBe(404);
  });

  it.each(['GET_LIST', 'GET_LIST_CURSOR'] as const)('reads the query of %s once, deleted= included', async (type) => {
    const { call } = open({ [type]: { deleted: true, ...(type === 'GET_LIST' ? { linkHeader: false } : {}) } });
    let reads = 0;
    const query = new Proxy({ deleted: 'include', limit: '1' }, { ownKeys: (t) => (reads++, Reflect.ownKeys(t)) });
    expect((await call(type, { query })).body).toMatchObject({ items: [{ id: 'n1' }] });
    expect(reads).toBe(1);
  });

  it('refuses deleted where the route does not enable it, and any unknown parameter of DELETE', async () => {
    const { call } = open();
    expect(await statusOf(call('GET_LIST', { query: 'deleted=include' }))).toBe(400);
    expect(await statusOf(call('GET', { id: 'n1', query: 'deleted=include' }))).toBe(400);
    expect(await statusOf(call('DELETE', { id: 'n1', query: 'permanent=true' }))).toBe(400);
    expect(await statusOf(call('DELETE', { id: 'n1', query: 'x=1' }))).toBe(400);
  });

  it('removes a record with permanent=true where enabled', async () => {
    const { call, service } = open({ DELETE: { permanent: true }, GET_LIST: { deleted: true } });
    expect(await statusOf(call('DELETE', { id: 'n1', query: 'permanent=1' }))).toBe(400);
    expect((await call('DELETE', { id: 'n1', query: 'permanent=true' })).status).toBe(204);
    expect((await service.list({ deleted: 'include' })).items.map((item) => item.id)).toStrictEqual(['n2']);
    expect((await call('DELETE', { id: 'n2', query: 'permanent=false' })).status).toBe(204);
    expect((await service.list({ deleted: 'include' })).items.map((item) => item.id)).toStrictEqual(['n2']);
  });

  it('tags one-record replies with the version, answers a matching If-None-Match with a 304', async () => {
    const { call } = open();
    const got = await call('GET', { id: 'n1' });
    expect(got.headers['etag']).toBe('"1"');
    for (const header of ['"1"', 'W/"1"', '"7", "1"', '*']) {
      const cached = await call('GET', { id: 'n1', headers: { 'if-none-match': header } });
      expect([cached.status, cached.body, cached.headers['etag']]).toStrictEqual([304, undefined, '"1"']);
    }
    expect((await call('GET', { id: 'n1', headers: { 'if-none-match': '"2"' } })).status).toBe(200);
    const created = await call('CREATE', { body: { id: 'n3', title: 't' } });
    expect([created.status, created.headers['etag']]).toStrictEqual([201, '"1"']);
    const patched = await call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' } });
    expect(patched.headers['etag']).toBe('"2"');
    const replaced = await call('UPDATE', { id: 'n1', body: { title: 'y' } });
    expect(replaced.headers['etag']).toBe('"3"');
    const page = await call('GET_LIST');
    expect(page.headers['etag']).toBeUndefined();
  });

  it('makes writes conditional on If-Match: 412 when it does not match, nothing changed', async () => {
    const { call, service } = open();
    const stale = { 'if-match': '"5"' };
    expect(await statusOf(call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' }, headers: stale }))).toBe(412);
    expect(await statusOf(call('UPDATE', { id: 'n1', body: { title: 'x' }, headers: stale }))).toBe(412);
    expect(await statusOf(call('DELETE', { id: 'n1', headers: stale }))).toBe(412);
    expect(
      await statusOf(call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' }, headers: { 'if-match': 'x' } })),
    ).toBe(400);
    expect(await service.get('n1')).toMatchObject({ title: 'n1', version: 1, deletedAt: null });
    const ok = await call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' }, headers: { 'if-match': '"1"' } });
    expect([ok.status, ok.headers['etag']]).toStrictEqual([200, '"2"']);
  });

  it('answers a write without If-Match with a 428 where the route requires it', async () => {
    const { call } = open({ PARTIAL_UPDATE: { requireIfMatch: true }, DELETE: { requireIfMatch: true }, GET: true });
    expect(await statusOf(call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' } }))).toBe(428);
    expect(await statusOf(call('DELETE', { id: 'n1' }))).toBe(428);
    expect(
      (await call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'x' }, headers: { 'if-match': '*' } })).status,
    ).toBe(200);
  });
});
