/**
 * The service's `list` in each total mode: the mode reaches the repository with the request scope and the live
 * condition of soft delete ANDed in (on `deleted` too), `onAfterList` sees the page of the mode, and a bad mode is a
 * 400 before the repository is asked.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, isHttpError } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), owner: z.string(), deletedAt: z.date().nullable() }),
  filterable: ['owner'],
  softDelete: { field: 'deletedAt' },
});
// Owner a: 4 live and 2 deleted; owner b: 5 live.
const records = [
  ...Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, owner: 'a', deletedAt: i < 2 ? new Date(0) : null })),
  ...Array.from({ length: 5 }, (_, i) => ({ id: `b${i}`, owner: 'b', deletedAt: null })),
];

function serviceOf() {
  const repository = createMemoryRepository(notes, { records });
  const seen: unknown[] = [];
  const service = createResourceService({ resource: notes, repository, scope: () => ({ owner: 'a' }) });
  service.hooks.on('onAfterList', ({ result }) => void seen.push(result.total));
  return { service, seen };
}

describe('ResourceService.list total modes', () => {
  it.each([
    ['exact', {}, { total: 4, totalPages: 2 }],
    ['none', { total: 'none' }, { total: null, totalPages: null, hasNextPage: true }],
    ['estimated', { total: 'estimated', totalThreshold: 2 }, { total: 4, totalRelation: 'eq' }],
  ] as const)('counts in %s mode within the scope and the live records only', async (_mode, input, expected) => {
    const { service, seen } = serviceOf();
    const page = await service.list({ limit: 3, ...input });
    expect(page).toMatchObject(expected);
    expect(page.items.map((item) => item.id)).toStrictEqual(['a2', 'a3', 'a4']);
    expect(seen).toStrictEqual([expected.total]);
  });

  it('keeps the mode with deleted records included', async () => {
    const { service } = serviceOf();
    expect(await service.list({ limit: 5, total: 'none', deleted: 'include' })).toMatchObject({
      total: null,
      hasNextPage: true,
    });
    expect(await service.list({ limit: 5, total: 'estimated', deleted: 'only' })).toMatchObject({
      total: 2,
      totalRelation: 'eq',
    });
  });

  it.each([
    ['an unknown mode', { total: 'maybe' }],
    ['a threshold with a fraction', { total: 'estimated', totalThreshold: 2.5 }],
    ['__proto__ as the mode', { total: '__proto__' }],
  ])('answers a 400 for %s', async (_name, input) => {
    const error = await rejectionOf(serviceOf().service.list(input as never));
    expect(isHttpError(error) && error.statusCode).toBe(400);
  });

  it.each([
    ['without a mode', { totalThreshold: 2 }],
    ["in 'exact' mode", { total: 'exact', totalThreshold: 2 }],
    ["in 'none' mode", { total: 'none', totalThreshold: 2 }],
  ] as const)('answers a 400 for totalThreshold %s', async (_name, input) => {
    const error = await rejectionOf(serviceOf().service.list(input));
    expect(isHttpError(error) && { status: error.statusCode, message: error.message }).toStrictEqual({
      status: 400,
      message: ["totalThreshold applies to total: 'estimated' only"],
    });
  });
});
