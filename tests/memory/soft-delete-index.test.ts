/**
 * The memory repository's null-or-not index of a soft-delete field: `isnull` and `notnull` on it give the same pages,
 * totals and cursor walks as the plain filter, whether no record, some or every record is deleted (the index lets a
 * condition every row meets drop out of the query, and counts the others without a scan).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type Where } from '../../src/index';

const schema = z.object({ id: z.string(), name: z.string(), rank: z.number().int(), deletedAt: z.date().nullable() });
type Row = z.output<typeof schema>;
const soft = defineResource({
  name: 'rows',
  schema,
  filterable: ['name', 'rank', 'deletedAt'],
  sortable: ['rank', 'deletedAt'],
  softDelete: { field: 'deletedAt' },
});
const plain = defineResource({ name: 'rows', schema, filterable: ['name', 'rank', 'deletedAt'], sortable: ['rank'] });

const seed: Row[] = Array.from({ length: 60 }, (_, i) => ({
  id: `r${String(i).padStart(2, '0')}`,
  name: i % 3 === 0 ? `ab${i}` : `cd${i}`,
  rank: (i * 7) % 60,
  deletedAt: null,
}));

const WHERES: readonly Where<Row>[] = [
  { deletedAt: { isnull: true } },
  { deletedAt: { notnull: true } },
  { deletedAt: { isnull: true }, name: { cont: 'ab' } },
  { deletedAt: { isnull: true }, rank: { gte: 30 } },
  [{ deletedAt: { isnull: true } }, { name: { cont: 'ab' } }],
];

async function expectSameAsPlain(records: readonly Row[]): Promise<void> {
  const indexed = createMemoryRepository(soft, { records: [...records] });
  const reference = createMemoryRepository(plain, { records: [...records] });
  for (const where of WHERES) {
    for (const page of [1, 2, 4]) {
      const input = { where, orderBy: [{ field: 'rank' as const, direction: 'desc' as const }], limit: 7, page };
      expect(await indexed.list(input)).toStrictEqual(await reference.list(input));
    }
    const walk = async (repository: typeof indexed) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await repository.listByCursor({
          where,
          limit: 9,
          orderBy: [{ field: 'rank', direction: 'asc' }],
          cursor,
        });
        ids.push(...page.items.map((row) => row.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      return ids;
    };
    expect(await walk(indexed)).toStrictEqual(await walk(reference));
  }
}

describe('the null-or-not index of a soft-delete field', () => {
  it('answers as the plain filter when no record is deleted', async () => {
    await expectSameAsPlain(seed);
  });

  it('answers as the plain filter when some records are deleted', async () => {
    await expectSameAsPlain(
      seed.map((row, i) => (i % 4 === 1 ? { ...row, deletedAt: new Date(Date.UTC(2025, 0, i)) } : row)),
    );
  });

  it('answers as the plain filter when every record is deleted', async () => {
    await expectSameAsPlain(seed.map((row, i) => ({ ...row, deletedAt: new Date(Date.UTC(2025, 0, i + 1)) })));
  });

  it('keeps the index in step with updates and deletes', async () => {
    const repository = createMemoryRepository(soft, { records: seed });
    const live = { where: { deletedAt: { isnull: true } }, limit: 5 } as const;
    expect((await repository.list(live)).total).toBe(60);
    await repository.update('r01', { deletedAt: new Date(Date.UTC(2025, 5, 1)) });
    await repository.delete('r02');
    expect((await repository.list(live)).total).toBe(58);
    expect(
      (await repository.list({ where: { deletedAt: { notnull: true } } })).items.map((row) => row.id),
    ).toStrictEqual(['r01']);
    await repository.update('r01', { deletedAt: null });
    expect((await repository.list(live)).total).toBe(59);
  });
  it('follows deletes and restores under one frozen scope reused by every call (its groups are cached)', async () => {
    const repository = createMemoryRepository(soft, { records: seed });
    const reference = createMemoryRepository(plain, { records: seed });
    const scope = Object.freeze({ deletedAt: Object.freeze({ isnull: true }) });
    const input = { orderBy: [{ field: 'rank' as const, direction: 'asc' as const }], limit: 6, page: 2 };
    const expectSame = async () =>
      expect(await repository.list(input, { scope })).toStrictEqual(await reference.list(input, { scope }));
    const setDeleted = async (id: string, deletedAt: Date | null) => {
      await repository.update(id, { deletedAt });
      await reference.update(id, { deletedAt });
    };
    await expectSame();
    await setDeleted('r03', new Date(Date.UTC(2025, 1, 1)));
    await expectSame();
    await setDeleted('r03', null);
    await expectSame();
    await setDeleted('r07', new Date(Date.UTC(2025, 1, 2)));
    await expectSame();
    expect((await repository.list(input, { scope })).total).toBe(59);
  });
});
