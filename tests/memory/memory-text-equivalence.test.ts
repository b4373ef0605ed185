/**
 * Substring filters and searches answered by packed text columns against the simple implementation (`scanPage`),
 * under random writes between lists: separator candidates inside values, case-folding quirks, empty strings and nulls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Resource } from '../../src/index';
import { normalizeInput } from '../../src/query/model/normalize-input';
import { scanPage } from '../../src/memory/scan-list';
import { orderArbitrary } from '../../src/testing/arbitraries';
import { searchableItems as items, type Item } from '../../src/testing/fixtures';

/** Separator candidates of the packed text, case-folding quirks (İ grows when lower-cased, final sigma), astral. */
const SEPARATOR_CHARS = ['\u0000', '\u0001', '\u0002', '\u001f', '\ufffe', '\uffff', '\ufdd0', '\ufdef'];
const char = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'A', 'b') },
  { weight: 3, arbitrary: fc.constantFrom('İ', 'i', 'Σ', 'σ', 'ς', 'ß', '😀', ' ') },
  { weight: 2, arbitrary: fc.constantFrom(...SEPARATOR_CHARS) },
);
const text = fc.array(char, { maxLength: 4 }).map((chars) => chars.join(''));
// Needles never hold NUL (the query grammar refuses it); values may.
const needle = fc
  .oneof(
    { weight: 6, arbitrary: char },
    { weight: 3, arbitrary: fc.array(char, { minLength: 2, maxLength: 3 }).map((chars) => chars.join('')) },
    { weight: 1, arbitrary: fc.constant('') },
  )
  .filter((value) => !value.includes('\u0000'));
const TEXT_OPS = ['cont', 'excl', 'starts', 'ends', 'contl', 'excll', 'startsl', 'endsl'] as const;
const STATUSES = ['draft', 'active', 'archived'] as const;

const body = fc.record({
  name: text,
  nick: fc.option(text, { nil: null }),
  age: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  active: fc.option(fc.boolean(), { nil: null }),
  status: fc.constantFrom(...STATUSES),
  createdAt: fc.constant(null),
});
const idArbitrary = fc.integer({ min: 0, max: 60 }).map((n) => `i${String(n).padStart(2, '0')}`);
const textCondition = fc.record({
  field: fc.constantFrom('name', 'nick'),
  op: fc.constantFrom(...TEXT_OPS),
  value: needle,
});
const clause = fc
  .tuple(
    textCondition,
    fc.option(fc.constantFrom(...STATUSES), { nil: undefined, freq: 3 }),
    fc.option(textCondition, { freq: 3 }),
  )
  .map(([first, status, second]) => {
    const where: Record<string, Record<string, unknown>> = { [first.field]: { [first.op]: first.value } };
    if (status !== undefined) where['status'] = { eq: status };
    if (second) where[second.field] = { ...where[second.field], [second.op]: second.value };
    return where;
  });
const whereArbitrary = fc.oneof(
  { weight: 4, arbitrary: clause },
  { weight: 1, arbitrary: fc.array(clause, { minLength: 2, maxLength: 3 }) },
);

type Command =
  | { readonly kind: 'create'; readonly id: string; readonly body: Omit<Item, 'id' | 'score'> }
  | { readonly kind: 'update'; readonly pick: number; readonly patch: Partial<Omit<Item, 'id' | 'score'>> }
  | { readonly kind: 'delete'; readonly pick: number }
  | {
      readonly kind: 'list';
      readonly where: unknown;
      readonly orderBy: unknown;
      readonly limit: number;
      readonly page: number;
      readonly search?: string | undefined;
    };

// A search needs text: 1 to 200 characters, no NUL.
const searchNeedle = needle.filter((value) => value !== '');
const listArbitrary = fc.record({
  kind: fc.constant('list' as const),
  where: fc.oneof(whereArbitrary, fc.constant(undefined)),
  search: fc.option(searchNeedle, { nil: undefined, freq: 2 }),
  orderBy: fc.option(orderArbitrary, { nil: undefined }),
  limit: fc.integer({ min: 1, max: 8 }),
  page: fc.integer({ min: 1, max: 4 }),
});

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), id: idArbitrary, body }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    patch: fc.record(
      { name: text, nick: fc.option(text, { nil: null }), status: fc.constantFrom(...STATUSES) },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  listArbitrary,
  listArbitrary, // twice: lists are what the text column serves
);

const seedArbitrary = fc
  .uniqueArray(idArbitrary, { minLength: 5, maxLength: 40, size: 'medium' })
  .chain((ids) => fc.tuple(...ids.map((id) => body.map((fields): Item => ({ ...fields, id })))))
  .map((records) => [...records]);

const ids = (rows: readonly unknown[]) => rows.map((row) => (row as Item).id);

async function expectSameList(
  repository: ReturnType<typeof createMemoryRepository<Item>>,
  reference: ReadonlyMap<string, Item>,
  input: { where: unknown; orderBy?: unknown; limit: number; page: number; search?: string | undefined },
): Promise<void> {
  const query = normalizeInput(input, items as unknown as Resource, 'page');
  const expected = scanPage([...reference.values()], query);
  const actual = await repository.list(input as never);
  expect(ids(actual.items)).toEqual(ids(expected.items));
  expect(actual.total).toBe(expected.total);
}

describe('createMemoryRepository (substring filters)', () => {
  it('returns the same pages and totals as the simple implementation under random writes between lists', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArbitrary,
        fc.array(commandArbitrary, { minLength: 5, maxLength: 40, size: 'medium' }),
        async (seed, commands) => {
          const repository = createMemoryRepository(items, { records: seed });
          const reference = new Map<string, Item>(seed.map((record) => [record.id, record]));
          for (const command of commands) {
            const present = [...reference.keys()];
            if (command.kind === 'create') {
              if (reference.has(command.id)) continue;
              reference.set(command.id, await repository.create({ ...command.body, id: command.id }));
            } else if (command.kind === 'update' || command.kind === 'delete') {
              const id = present[command.pick % Math.max(present.length, 1)];
              if (id === undefined) continue;
              if (command.kind === 'delete') {
                await repository.delete(id);
                reference.delete(id);
              } else reference.set(id, await repository.update(id, command.patch));
            } else {
              const { where, orderBy, limit, page, search } = command;
              await expectSameList(repository, reference, { where, orderBy, limit, page, search });
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns the same results once enough writes have worn the packed columns to rebuild them', async () => {
    const pieces = ['ab', 'AB', 'Ab', 'x', 'İ', 'Σ', '\u0000', '', 'é'];
    const nameOf = (i: number) => `${pieces[i % 9]}${pieces[(i * 7) % 9]}${i % 5 === 0 ? '' : String(i % 13)}`;
    const seed: Item[] = Array.from({ length: 600 }, (_, i) => ({
      id: `r${String(i).padStart(4, '0')}`,
      name: nameOf(i),
      nick: i % 4 === 0 ? null : nameOf(i + 3),
      age: i % 7,
      active: i % 3 === 0 ? null : i % 2 === 0,
      status: STATUSES[i % 3] as Item['status'],
      createdAt: null,
    }));
    const repository = createMemoryRepository(items, { records: seed });
    const reference = new Map<string, Item>(seed.map((record) => [record.id, record]));
    const queries: { where: unknown; limit: number; page: number; search?: string }[] = TEXT_OPS.flatMap((op) =>
      ['ab', 'i̇', 'σ', 'b1', '\u0001', ''].flatMap((value) => [
        { where: { name: { [op]: value } }, limit: 7, page: 2 },
        { where: { nick: { [op]: value }, status: { eq: 'active' } }, limit: 5, page: 1 },
      ]),
    );
    for (const search of ['ab', 'AB', 'İ', 'i̇', 'Σ', 'b1', '\u0001', 'x']) {
      queries.push({ where: undefined, search, limit: 7, page: 2 });
      queries.push({ where: { status: { eq: 'draft' } }, search, limit: 4, page: 1 });
    }
    const checkAll = async () => {
      for (const input of queries) await expectSameList(repository, reference, input);
    };
    await checkAll();
    // More than 256 writes between lists: deletes, updates of the filtered fields and of others, creates.
    for (let i = 0; i < 400; i++) {
      const id = `r${String((i * 37) % 600).padStart(4, '0')}`;
      if (i % 4 === 0 && reference.has(id)) {
        await repository.delete(id);
        reference.delete(id);
      } else if (reference.has(id)) {
        const patch = i % 3 === 0 ? { age: i % 5 } : { name: nameOf(i + 11), nick: i % 2 ? null : nameOf(i) };
        reference.set(id, await repository.update(id, patch));
      } else {
        reference.set(id, await repository.create({ ...seed[i % 600], id, name: nameOf(i * 3) } as Item));
      }
      if (i === 150) await checkAll();
    }
    await checkAll();
  });

  it.each([
    { label: 'no separator candidate', extra: '' },
    { label: 'NUL (the inner separator is then the next candidate)', extra: '\u0000' },
  ])('never matches a search across two fields of one record, with $label in the values', async ({ extra }) => {
    const record = (id: string, name: string, nick: string | null): Item => ({
      id,
      name,
      nick,
      age: null,
      active: null,
      status: 'draft',
      createdAt: null,
    });
    const seed = [record('j0', 'xAB', 'CDy'), record('j1', `${extra}ab`, 'cd'), record('j2', 'abcd', null)];
    const repository = createMemoryRepository(items, { records: seed });
    const reference = new Map<string, Item>(seed.map((each) => [each.id, each]));
    const totals: number[] = [];
    for (const search of ['bc', 'b\u0001c', 'b\u0002c', 'ab', 'cd', 'bcd']) {
      await expectSameList(repository, reference, { where: undefined, search, limit: 20, page: 1 });
      totals.push((await repository.list({ search, limit: 20 } as never)).total);
    }
    expect(totals).toEqual([1, 0, 0, 3, 3, 1]);
    // A record written after packing is tested by itself, never across its fields either.
    reference.set('j3', await repository.create(record('j3', 'zb', 'cz')));
    for (const search of ['bc', 'b\u0001c', 'zb', 'cz']) {
      await expectSameList(repository, reference, { where: undefined, search, limit: 20, page: 1 });
    }
  });

  it('falls back to testing rows one by one when every separator candidate occurs in the values', async () => {
    const all = ['\u0000', '\u0001', '\u0002', '\u001f', '\ufffe', '\uffff', '\ufdd0', '\ufdef'];
    const seed: Item[] = all.map((char, i) => ({
      id: `s${i}`,
      name: `${char}ab${i}`,
      nick: i % 2 ? null : `AB${char}`,
      age: null,
      active: null,
      status: 'draft',
      createdAt: null,
    }));
    const repository = createMemoryRepository(items, { records: seed });
    const reference = new Map<string, Item>(seed.map((record) => [record.id, record]));
    for (const search of ['ab', 'AB', '\u0001a', 'b1', '\ufdef', 'İ']) {
      const where = search === 'b1' ? { status: { eq: 'draft' } } : undefined;
      await expectSameList(repository, reference, { where, search, limit: 20, page: 1 });
    }
    for (const op of TEXT_OPS) {
      for (const value of ['ab', '\u0001a', 'b1', '\ufdef', '']) {
        await expectSameList(repository, reference, { where: { name: { [op]: value } }, limit: 20, page: 1 });
        await expectSameList(repository, reference, { where: { nick: { [op]: value } }, limit: 20, page: 1 });
      }
    }
  });
});
