import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type CursorPage } from '../../src/index';
import { repositoryContract } from 'pagelope/testing';
import { expectBadRequest, httpErrorOf } from '../../src/testing/expect-bad-request';
import { items, SEARCH_FIELDS, searchableItems, type Item } from '../../src/testing/fixtures';
import { referenceList } from '../../src/testing/reference-model';
import { SEED } from '../../src/testing/seed';

repositoryContract('createMemoryRepository', (resource, records) => createMemoryRepository(resource, { records }), {
  relations: true,
});

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createMemoryRepository', () => {
  const body = { name: 'n', age: 1, active: true, status: 'draft', createdAt: null } as const;

  it('returns uuid v7 ids by default, increasing in creation order', async () => {
    const repository = createMemoryRepository(items);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await repository.create(body)).id);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toStrictEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('calls generateId for a record created without an id, and only then', async () => {
    let next = 0;
    const repository = createMemoryRepository(items, { generateId: () => `gen-${++next}` });
    expect((await repository.create(body)).id).toBe('gen-1');
    expect((await repository.create({ ...body, id: 'own' })).id).toBe('own');
    expect((await repository.create(body)).id).toBe('gen-2');
    expect(next).toBe(2);
  });

  it('throws a 409 when generateId repeats an id', async () => {
    const repository = createMemoryRepository(items, { generateId: () => 'same' });
    await repository.create(body);
    expect((await httpErrorOf(repository.create(body))).statusCode).toBe(409);
  });

  it('starts with the records option, validated, with ids assigned where absent', async () => {
    const repository = createMemoryRepository(items, {
      records: [SEED[0] as Item, body],
      generateId: () => 'seeded',
    });
    expect(await repository.get('a1')).toStrictEqual(SEED[0]);
    expect((await repository.get('seeded')).name).toBe('n');
    expect((await repository.list()).total).toBe(2);
  });

  it('accepts any iterable of records', async () => {
    function* records(): Generator<Item> {
      yield* SEED;
    }
    expect((await createMemoryRepository(items, { records: records() }).list()).total).toBe(SEED.length);
  });

  it('stores copies of the records option', async () => {
    const seed = structuredClone(SEED[0] as Item);
    const repository = createMemoryRepository(items, { records: [seed] });
    seed.name = 'changed';
    seed.createdAt?.setTime(0);
    expect(await repository.get('a1')).toStrictEqual(SEED[0]);
  });

  it.each([
    { name: 'a wrong field type', record: { ...body, age: 'x' } },
    { name: 'a missing required field', record: { age: 1 } },
    { name: 'a non-object', record: 'x' },
  ])('throws a 400 for a record option with $name', ({ record }) => {
    try {
      createMemoryRepository(items, { records: [record as Item] });
      expect.unreachable('createMemoryRepository should throw');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400 });
      expect(Array.isArray((error as { message: unknown }).message)).toBe(true);
    }
  });

  it('throws a 409 for two records option entries with one id', () => {
    expect(() => createMemoryRepository(items, { records: [SEED[0] as Item, SEED[0] as Item] })).toThrow(
      expect.objectContaining({ statusCode: 409 }),
    );
  });

  it('uses a custom idField', async () => {
    const books = defineResource({
      name: 'books',
      schema: z.object({ isbn: z.string(), title: z.string() }),
      idField: 'isbn',
      sortable: ['title'],
    });
    const repository = createMemoryRepository(books, { generateId: () => 'x-1' });
    // Repository<T>.create's type assumes the id field is `id` (Resource does not carry its idField literal), hence the cast.
    expect(await repository.create({ title: 'T' } as never)).toStrictEqual({ isbn: 'x-1', title: 'T' });
    await repository.create({ isbn: '0-1', title: 'U' });
    expect((await repository.list()).items.map((book) => book.isbn)).toStrictEqual(['0-1', 'x-1']);
    await expectBadRequest(repository.update('x-1', { isbn: 'other' }));
    expect((await httpErrorOf(repository.create({ isbn: '0-1', title: 'V' }))).statusCode).toBe(409);
  });

  describe('search', () => {
    const many: Item[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `r${String(i).padStart(4, '0')}`,
      name: `Name ${i}`,
      nick: i % 3 === 0 ? null : `Nick ${i % 100}`,
      age: i % 50,
      active: null,
      status: 'draft',
      createdAt: null,
    }));
    const ids = (records: readonly { readonly id: string }[]) => records.map((record) => record.id);

    // Dense searches take an index walk (the matches are many: the walk reads few rows per page), sparse ones the
    // top rows of the matches; both must give the reference model's pages.
    it.each([
      { search: 'name', label: 'every record' },
      { search: 'nick 1', label: 'the second field of some records' },
      { search: 'E 2', label: 'either field of some records' },
      { search: 'name 29', label: 'a few records' },
    ])('walks pages and cursors of a search matching $label in the reference order', async ({ search }) => {
      const repository = createMemoryRepository(searchableItems, { records: many });
      await repository.update('r0007', { name: 'renamed', nick: 'NAME 7' });
      await repository.update('r0008', { nick: null });
      await repository.create({ ...many[1]!, id: 'r9999', name: 'Nick name 2' });
      const stored = (await repository.list({ limit: 50, page: 1, orderBy: [{ field: 'id', direction: 'asc' }] }))
        .total;
      expect(stored).toBe(3001);
      const records = [
        ...many.filter((r) => !['r0007', 'r0008'].includes(r.id)),
        { ...many[7]!, name: 'renamed', nick: 'NAME 7' },
        { ...many[8]!, nick: null },
        { ...many[1]!, id: 'r9999', name: 'Nick name 2' },
      ];
      for (const orderBy of [[], [{ field: 'age', direction: 'desc' }]] as const) {
        const expected = ids(referenceList(records, undefined, orderBy, { text: search, fields: SEARCH_FIELDS }));
        for (const page of [1, 2, 7]) {
          const result = await repository.list({ search, orderBy: [...orderBy], limit: 20, page });
          expect(result.total).toBe(expected.length);
          expect(ids(result.items)).toStrictEqual(expected.slice((page - 1) * 20, page * 20));
        }
        const walked: string[] = [];
        let cursor: string | null = null;
        for (let pages = 0; pages < 200 && walked.length < 100; pages++) {
          const result: CursorPage<Item> = await repository.listByCursor({
            search,
            orderBy: [...orderBy],
            limit: 20,
            cursor,
          });
          walked.push(...ids(result.items));
          cursor = result.nextCursor;
          if (cursor === null) break;
        }
        expect(walked).toStrictEqual(expected.slice(0, walked.length));
        expect(walked.length).toBe(Math.min(expected.length, 100));
      }
    });

    /** Runs `work` counting the calls of String.prototype.toLowerCase it makes. */
    async function lowerCasings(work: () => Promise<unknown>): Promise<number> {
      const spy = vi.spyOn(String.prototype, 'toLowerCase');
      try {
        await work();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }

    it.each([
      { label: 'a rare text', search: 'NAME 2999', total: 1 },
      { label: 'a text of the second field', search: 'nick 42', total: 20 },
      { label: 'a text in every record', search: 'name', total: 3000 },
      { label: 'a text in no record', search: 'zzz', total: 0 },
    ])('answers $label from the packed text columns, lower-casing no stored value per row', async (row) => {
      const repository = createMemoryRepository(searchableItems, { records: many });
      await repository.list({ search: 'warm-up' }); // packs the columns once
      for (const orderBy of [undefined, [{ field: 'age', direction: 'desc' }] as const]) {
        let total = -1;
        const calls = await lowerCasings(async () => {
          total = (await repository.list({ search: row.search, orderBy, limit: 5, page: 2 })).total;
          await repository.listByCursor({ search: row.search, orderBy, limit: 5 });
        });
        expect(total).toBe(row.total);
        // The search text itself, and at most the rows an index walk reads for a page: never the 3000 records.
        expect(calls).toBeLessThan(100);
      }
    });

    it('tests only the rows written since the columns were packed one by one', async () => {
      const repository = createMemoryRepository(searchableItems, { records: many });
      await repository.list({ search: 'warm-up' });
      for (let i = 0; i < 30; i++) await repository.update(`r${String(i * 7).padStart(4, '0')}`, { nick: `New ${i}` });
      await repository.create({ ...many[0]!, id: 'zz', name: 'Name new' });
      let total = -1;
      const calls = await lowerCasings(async () => {
        total = (await repository.list({ search: 'new ' })).total;
      });
      expect(total).toBe(30);
      // The 31 rows written since, in each field and in each of two passes (the total, then the page): never the
      // 3000 records.
      expect(calls).toBeLessThan(300);
    });

    it('tests every row when no separator fits the values of a searched field, with the same answers', async () => {
      const separators = ['\u0000', '\u0001', '\u0002', '\u001f', '\ufffe', '\uffff', '\ufdd0', '\ufdef'];
      const records = many.slice(0, 40).map((record, i) => ({ ...record, name: `${separators[i % 8]}${record.name}` }));
      const repository = createMemoryRepository(searchableItems, { records });
      const page = await repository.list({ search: 'NAME 3', limit: 50 });
      expect(page.total).toBe(11);
      expect(page.items.map((record) => record.id)).toStrictEqual(
        records.filter((r) => r.name.toLowerCase().includes('name 3')).map((r) => r.id),
      );
    });
  });

  it('returns a frozen repository', () => {
    expect(Object.isFrozen(createMemoryRepository(items))).toBe(true);
  });
});
