import { expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { items } from './fixtures';
import { idsOf } from './ids-of';
import { OPERATOR_ROWS } from './operator-rows';
import { ORDER_ROWS } from './order-rows';
import { referenceList } from './reference-model';
import { SEED } from './seed';

/**
 * The cases of list for every operator of the table and every ordering rule, against the rows and the reference model.
 */
export function listOperatorCases(context: ContractContext): void {
  const { makeRepository, seeded, body, rows } = context;
  it.each(rows(OPERATOR_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.where) }))))(
    'returns the records matching $label',
    async ({ where, ids }) => {
      const repository = await seeded();
      const page = await repository.list({ where, limit: 50 });
      expect(idsOf(page.items)).toStrictEqual(ids);
      expect(page.total).toBe(ids.length);
    },
  );

  it('agrees with the reference model on every operator row', () => {
    for (const { where, ids } of OPERATOR_ROWS) expect(idsOf(referenceList(SEED, where, []))).toStrictEqual(ids);
  });

  it.each(rows(ORDER_ROWS))('sorts $name', async ({ orderBy, ids }) => {
    const repository = await seeded();
    expect(idsOf((await repository.list({ orderBy, limit: 50 })).items)).toStrictEqual(ids);
    expect(idsOf(referenceList(SEED, undefined, orderBy))).toStrictEqual(ids);
  });

  it('sorts strings by code point: astral characters after U+E000..U+FFFF, capitals before small letters', async () => {
    const names = ['\u{10000}', 'a', '\uFFFD', 'Z', '😀', '\uE000', 'é', '\uFF5E', 'ab', 'A'];
    const records = names.map((n, i) => ({ ...body({ name: n }), id: `c${i}` }));
    const repository = await makeRepository(items, records);
    const page = await repository.list({ orderBy: [{ field: 'name', direction: 'asc' }], limit: 50 });
    expect(page.items.map((record) => record.name)).toStrictEqual([
      'A',
      'Z',
      'a',
      'ab',
      'é',
      '\uE000',
      '\uFF5E',
      '\uFFFD',
      '\u{10000}',
      '😀',
    ]);
  });
}
