/**
 * `softDelete` on an optional (`z.date().optional()`) or optional-nullable (`.nullable().optional()`) date field, over
 * the route table on memory: every write route, the soft delete, the listing modes and the restore.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  type RouteType,
} from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const FIELDS = {
  optional: z.date().optional(),
  'optional-nullable': z.date().nullable().optional(),
  nullish: z.date().nullish(),
} as const;

function open(kind: keyof typeof FIELDS) {
  const notes = defineResource({
    name: 'notes',
    schema: z.object({ id: z.string(), title: z.string(), deletedAt: FIELDS[kind], version: z.number().int() }),
    clientIds: true,
    softDelete: { field: 'deletedAt' },
    version: 'version',
  });
  // One seeded record without the field at all, as a store of an optional field may hold it.
  const repository = createMemoryRepository(notes, { records: [{ id: 'n1', title: 'n1', version: 1 }] });
  const service = createResourceService({ resource: notes, repository });
  const { routes } = defineRoutes(service, {
    routes: {
      GET_LIST: { deleted: true },
      GET: { deleted: true },
      CREATE: true,
      UPDATE: true,
      PARTIAL_UPDATE: true,
      DELETE: { permanent: true },
      RESTORE: true,
    },
  });
  const call = (type: RouteType, input: { id?: string; query?: string; body?: unknown } = {}) =>
    (routes.find((route) => route.type === type) as Route).handle({
      params: input.id === undefined ? {} : { id: input.id },
      query: input.query ?? '',
      headers: {},
      body: input.body,
    });
  return { call, notes, service };
}

const statusOf = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return isHttpError(error) ? error.statusCode : error;
};

describe.each(Object.keys(FIELDS) as (keyof typeof FIELDS)[])('softDelete on a %s date field', (kind) => {
  it('is accepted by defineResource and made read-only', () => {
    const { notes } = open(kind);
    expect([notes.softDelete, notes.readOnly.has('deletedAt')]).toStrictEqual(['deletedAt', true]);
  });

  it('creates, updates, soft-deletes, lists by deleted mode, restores and removes through the routes', async () => {
    const { call } = open(kind);
    const ids = async (query: string) =>
      ((await call('GET_LIST', { query })).body as { items: { id: string }[] }).items.map((item) => item.id);
    expect((await call('CREATE', { body: { id: 'n2', title: 'n2' } })).status).toBe(201);
    expect((await call('PARTIAL_UPDATE', { id: 'n2', body: { title: 'x' } })).body).toMatchObject({ title: 'x' });
    expect((await call('UPDATE', { id: 'n1', body: { title: 'y' } })).body).toMatchObject({ title: 'y' });
    expect(await statusOf(call('CREATE', { body: { id: 'n3', title: 'n3', deletedAt: new Date() } }))).toBe(400);
    expect(await ids('')).toStrictEqual(['n1', 'n2']);

    for (const id of ['n1', 'n2']) expect((await call('DELETE', { id })).status).toBe(204);
    expect(await ids('')).toStrictEqual([]);
    expect(await ids('deleted=only')).toStrictEqual(['n1', 'n2']);
    expect(await statusOf(call('GET', { id: 'n1' }))).toBe(404);
    expect((await call('GET', { id: 'n1', query: 'deleted=include' })).body).toMatchObject({
      deletedAt: expect.any(Date) as unknown,
    });

    const restored = await call('RESTORE', { id: 'n1' });
    expect(restored.status).toBe(200);
    expect((restored.body as { deletedAt?: unknown }).deletedAt ?? undefined).toBeUndefined();
    expect(await ids('')).toStrictEqual(['n1']);
    expect((await call('PARTIAL_UPDATE', { id: 'n1', body: { title: 'z' } })).status).toBe(200);
    expect((await call('DELETE', { id: 'n2', query: 'permanent=true' })).status).toBe(204);
    expect(await ids('deleted=include')).toStrictEqual(['n1']);
  });

  it('soft-deletes and restores in batches', async () => {
    const { call, service } = open(kind);
    await service.createMany([
      { id: 'n2', title: 'n2' },
      { id: 'n3', title: 'n3' },
    ]);
    await service.updateMany([{ id: 'n2', title: 'x' }]);
    await service.deleteMany(['n1', 'n2']);
    expect((await service.list({})).items.map((item) => item.id)).toStrictEqual(['n3']);
    expect((await call('RESTORE', { id: 'n2' })).status).toBe(200);
    expect((await service.list({})).items.map((item) => item.id)).toStrictEqual(['n2', 'n3']);
  });
});
