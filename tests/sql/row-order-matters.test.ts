import { describe, expect, it } from 'vitest';
import { rowOrderMatters, type SqlUniqueIndexUse } from '../../src/sql/index';

/** `email` a unique key, `deletedAt` only in a unique index's `deletedAt IS NULL` predicate. */
const USES = new Map<string, SqlUniqueIndexUse>([
  ['email', 'key'],
  ['deletedAt', 'null-predicate'],
]);
const useOf = (field: string) => USES.get(field);
const change = (patch: Record<string, unknown>) => ({ id: 'a', patch });

describe('rowOrderMatters', () => {
  it.each([
    { fields: ['email'], patches: [{ email: 'a@x' }], matters: true },
    { fields: ['title'], patches: [{ title: 'T' }], matters: false },
    { fields: ['deletedAt'], patches: [{ deletedAt: '2024-01-01' }, { deletedAt: '2024-01-02' }], matters: false },
    { fields: ['deletedAt'], patches: [{ deletedAt: '2024-01-01' }, { deletedAt: null }], matters: true },
    { fields: ['deletedAt'], patches: [{ deletedAt: '2024-01-01' }, {}], matters: true },
    { fields: ['title', 'email'], patches: [{ title: 'T', email: 'b@x' }], matters: true },
    { fields: [], patches: [{}], matters: false },
  ])('returns $matters for the fields $fields', ({ fields, patches, matters }) => {
    expect(rowOrderMatters(fields, patches.map(change), useOf)).toBe(matters);
  });
});
