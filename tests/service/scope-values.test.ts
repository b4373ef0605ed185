/**
 * A request scope whose shape is valid but whose value no record can hold (a tenant header with a NUL character, one
 * over the value length limit, a date outside the years 0001-9999) matches no record: lists are empty and ids answer
 * 404, never a 500. A scope that is malformed (an unknown field) stays a server fault.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource } from '../../src/index';
import { normalizeScope } from '../../src/kit/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), tenant: z.string(), due: z.date().optional() }),
  filterable: { tenant: ['eq'] },
  clientIds: true,
});
const RECORDS = [
  { id: 'n1', tenant: 't1' },
  { id: 'n2', tenant: 't2' },
];

function serviceWithTenant(scope: Record<string, unknown>) {
  const repository = createMemoryRepository(notes, { records: RECORDS });
  return createResourceService({ resource: notes, repository, scope: () => scope });
}

const HOSTILE_SCOPES = [
  { name: 'a NUL character', scope: { tenant: 't1\u0000' } },
  { name: '5,000 characters', scope: { tenant: 't'.repeat(5_000) } },
  { name: 'a date of the year 20000', scope: { due: new Date('+020000-01-01T00:00:00.000Z') } },
  { name: 'a number for a string field', scope: { tenant: 42 } },
];

describe('normalizeScope', () => {
  it.each(HOSTILE_SCOPES)('returns no group (matches nothing) for $name', ({ scope }) => {
    expect(normalizeScope(scope, notes)).toEqual([]);
  });

  it('throws for a scope naming a field the resource does not have', () => {
    expect(() => normalizeScope({ owner: 't1' }, notes)).toThrow(/not a valid where/);
  });

  it('keeps a valid scope as one group', () => {
    expect(normalizeScope({ tenant: 't1' }, notes)).toHaveLength(1);
  });
});

describe('createResourceService with a scope value no record can hold', () => {
  it.each(HOSTILE_SCOPES)('lists nothing and answers 404 for an id for $name', async ({ scope }) => {
    const service = serviceWithTenant(scope);
    expect((await service.list()).items).toEqual([]);
    expect((await service.listByCursor()).items).toEqual([]);
    const error = await rejectionOf(service.get('n1'));
    expect(error).toMatchObject({ statusCode: 404 });
  });
});
