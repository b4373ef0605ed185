import { type CursorPage, parseCursorQuery, parseListQuery, type Where } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { FIELDS, type Item, searchableItems } from './fixtures';
import { idsOf } from './ids-of';
import { ORDER_ROWS } from './order-rows';
import type { Row } from './reference-model';
import { SEARCH_SEED } from './search-rows';
import { tryMutate } from './try-mutate';

/** The contract of select: only the id and the selected fields, with totals, orders and cursors unchanged. */
export function selectContract(context: ContractContext): void {
  const { makeRepository, seeded, storedOf, STORED, rows } = context;
  describe('select', () => {
    /** The stored record with only the id and the selected fields it holds. */
    const pick = (record: Item, select: readonly string[]): Partial<Item> => {
      const stored = storedOf(record) as unknown as Row;
      return Object.fromEntries(
        ['id', ...select].filter((field) => field in stored).map((field) => [field, stored[field]]),
      ) as Partial<Item>;
    };

    it.each(
      rows([
        { label: 'one field', select: ['name'] },
        { label: 'a nullable, optional field', select: ['nick'] },
        { label: 'an optional field', select: ['score'] },
        { label: 'a date field', select: ['createdAt'] },
        { label: 'the id and another field', select: ['id', 'status'] },
        { label: 'the id alone', select: ['id'] },
        { label: 'every field', select: ['createdAt', ...FIELDS.filter((field) => field !== 'createdAt')] },
      ] as const),
    )('returns from list only the id and $label, with the total and order unchanged', async ({ select }) => {
      const repository = await seeded();
      const orderBy = [{ field: 'age', direction: 'desc' }] as const;
      const whole = await repository.list({ orderBy, limit: 3, page: 2 });
      const page = await repository.list({ orderBy, limit: 3, page: 2, select });
      expect(page.items).toStrictEqual(whole.items.map((record) => pick(record, select)));
      expect({ ...page, items: [] }).toStrictEqual({ ...whole, items: [] });
      for (const item of page.items) expect(Object.keys(item)[0]).toBe('id');
    });

    it('returns from listByCursor only the selected fields, with the cursors of the same walk without select', async () => {
      const repository = await seeded();
      const orderBy = [{ field: 'createdAt', direction: 'desc' }] as const;
      let cursor: string | null = null;
      let cursorWhole: string | null = null;
      const walked: Partial<Item>[] = [];
      for (let pages = 0; pages < 10; pages++) {
        const page: CursorPage<Partial<Item>> = await repository.listByCursor({
          orderBy,
          limit: 3,
          cursor,
          select: ['name'],
        });
        const whole: CursorPage<Item> = await repository.listByCursor({ orderBy, limit: 3, cursor: cursorWhole });
        expect(page.items).toStrictEqual(whole.items.map((record) => pick(record, ['name'])));
        expect(page.nextCursor).toBe(whole.nextCursor);
        walked.push(...page.items);
        cursor = page.nextCursor;
        cursorWhole = whole.nextCursor;
        if (cursor === null) break;
      }
      expect(walked.map((item) => item.id)).toStrictEqual(
        ORDER_ROWS.find((row) => row.name === 'dates, descending')?.ids,
      );
    });

    it('continues a cursor across selections: select is not part of its binding', async () => {
      const repository = await seeded();
      const orderBy = [{ field: 'age', direction: 'asc' }] as const;
      const first = await repository.listByCursor({ orderBy, limit: 3, select: ['status'] });
      const second = await repository.listByCursor({ orderBy, limit: 3, cursor: first.nextCursor });
      const third = await repository.listByCursor({ orderBy, limit: 3, cursor: second.nextCursor, select: ['nick'] });
      expect(idsOf([...first.items, ...second.items, ...third.items])).toStrictEqual(
        ORDER_ROWS.find((row) => row.name === 'numbers by value')?.ids,
      );
      expect(third.nextCursor).toBeNull();
      expect(third.items).toStrictEqual(
        STORED.filter((record) => ['a3', 'a8'].includes(record.id)).map((record) => pick(record, ['nick'])),
      );
    });

    it('selects with a filter, a search and a scope, from parseListQuery and parseCursorQuery too', async () => {
      const repository = await makeRepository(searchableItems, SEARCH_SEED);
      const scope: Where<Item> = { status: { ne: 'archived' } };
      const page = await repository.list({ search: 'e', where: { age: { gte: 30 } }, select: ['age'] }, { scope });
      expect(page.items).toStrictEqual([
        { id: 's2', age: 40 },
        { id: 's5', age: 60 },
      ]);
      expect(page.total).toBe(2);
      const parsed = parseListQuery('search=e&age[gte]=30&select=age,name', searchableItems);
      expect((await repository.list(parsed, { scope })).items).toStrictEqual([
        { id: 's2', age: 40, name: 'äbc' },
        { id: 's5', age: 60, name: 'back\\slash' },
      ]);
      const cursorQuery = parseCursorQuery('search=e&select=status&limit=1&orderBy=age', searchableItems);
      const first = await repository.listByCursor(cursorQuery, { scope });
      expect(first.items).toStrictEqual([{ id: 's4', status: 'active' }]);
      const next = await repository.listByCursor(
        parseCursorQuery(`search=e&select=status&limit=5&orderBy=age&cursor=${first.nextCursor}`, searchableItems),
        { scope },
      );
      expect(next.items).toStrictEqual([
        { id: 's2', status: 'draft' },
        { id: 's5', status: 'draft' },
        { id: 's8', status: 'draft' },
      ]);
    });

    it('returns copies: changing selected items or their Dates never changes the store', async () => {
      const repository = await seeded();
      const page = await repository.list({ select: ['createdAt', 'name'], limit: 50 });
      tryMutate(() => {
        for (const item of page.items) {
          item.createdAt?.setTime(0);
          (item as { name: string }).name = 'changed';
        }
      });
      expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
    });
  });
}
