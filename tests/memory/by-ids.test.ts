/**
 * `listByValues` and `countByValues` of the memory repository on the id field (what a to-one `include` reads: one
 * hash lookup per id, a small sort) against a naive model, for string ids (astral and private-use characters
 * included, whose code-point order differs from JavaScript's code-unit order) and number ids, ascending and
 * descending default orders and one on another field, with repeated, missing and null values, a scope, and writes
 * made after the first read (the id lookup is kept in step with them, a rolled-back transaction's included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type Resource } from '../../src/index';
import { compileComparator, compilePredicate, normalizeScope } from '../../src/kit/index';

const SEED = { seed: 19_0719, numRuns: 150 };

const textIds = defineResource({
  name: 'people',
  schema: z.object({ id: z.string(), name: z.string(), team: z.enum(['x', 'y']) }),
  filterable: ['team', 'name'],
  sortable: ['name'],
});
const textIdsDesc = defineResource({
  name: 'people',
  schema: z.object({ id: z.string(), name: z.string(), team: z.enum(['x', 'y']) }),
  filterable: ['team', 'name'],
  sortable: ['name'],
  defaultOrder: [{ field: 'id', direction: 'desc' }],
});
const textIdsByName = defineResource({
  name: 'people',
  schema: z.object({ id: z.string(), name: z.string(), team: z.enum(['x', 'y']) }),
  filterable: ['team', 'name'],
  sortable: ['name'],
  defaultOrder: [{ field: 'name', direction: 'asc' }],
});
const numberIds = defineResource({
  name: 'people',
  schema: z.object({ id: z.number().int(), name: z.string(), team: z.enum(['x', 'y']) }),
  filterable: ['team', 'name'],
  sortable: ['name'],
});

// A type alias rather than an interface: the reference comparator takes records with an index signature.
type Person = { readonly id: string | number; readonly name: string; readonly team: 'x' | 'y' };

/** Ids whose code-unit and code-point orders differ: a BMP private-use character and an astral one. */
const TEXT_IDS = ['a', 'b', 'ab', 'B', 'a\uE000', 'a\u{1F600}', '\uFFFD', 'é', 'z', '10', '9'];

const personOf = (id: string | number) =>
  fc
    .record({ id: fc.constant(id), name: fc.constantFrom('Ann', 'Bo', 'Cy'), team: fc.constantFrom('x', 'y') })
    .map((person): Person => ({ ...person }));

const worldArb = (ids: readonly (string | number)[]) =>
  fc.record({
    people: fc.subarray([...ids]).chain((chosen) => fc.tuple(...chosen.map(personOf))),
    values: fc.array(fc.oneof(fc.constantFrom(...ids), fc.constant(null)), { maxLength: 12 }),
    scope: fc.option(fc.constantFrom<object>({ team: 'x' }, { name: { ne: 'Bo' } }), { nil: undefined }),
    perValue: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    // Writes after the first read: created (ids not seeded), renamed, deleted.
    writes: fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom('create', 'update', 'delete')), {
      maxLength: 6,
    }),
  });

/** The naive model: the stored people whose id is one of the values, within the scope, in the default order. */
function naive(
  people: readonly Person[],
  resource: Resource,
  values: readonly unknown[],
  scope: object | undefined,
  perValue: number | undefined,
): Person[] {
  const inScope = scope ? compilePredicate(normalizeScope(scope, resource)) : () => true;
  if (perValue === 0) return [];
  return people
    .filter((p) => values.includes(p.id) && inScope(p))
    .sort(compileComparator(resource.defaultOrder, resource.fields));
}

describe.each([
  { name: 'string ids, ascending', resource: textIds, ids: TEXT_IDS },
  { name: 'string ids, descending', resource: textIdsDesc, ids: TEXT_IDS },
  { name: 'string ids, ordered by name', resource: textIdsByName, ids: TEXT_IDS },
  { name: 'number ids', resource: numberIds, ids: [0, 1, 2, 10, -3, 1e9, 7, 33, 100, 5] },
])('createMemoryRepository listByValues on the id field ($name)', ({ resource, ids }) => {
  const generic = resource as unknown as Resource;

  it('returns the records of the naive model, each once, before and after writes', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb(ids), async ({ people, values, scope, perValue, writes }) => {
        const repository = createMemoryRepository(resource as Resource<Person>, { records: people as Person[] });
        const model = new Map<unknown, Person>(people.map((p) => [p.id, p as Person]));
        const read = () => repository.listByValues?.('id', values as never, { scope: scope as never, perValue });
        expect(await read()).toStrictEqual(naive([...model.values()], generic, values, scope, perValue));
        for (const [id, write] of writes) {
          const stored = model.get(id);
          if (stored === undefined) {
            const created = { id, name: 'Cy', team: 'x' as const };
            await repository.create(created as never);
            model.set(id, created);
          } else if (write === 'delete') {
            await repository.delete(id as never);
            model.delete(id);
          } else {
            await repository.update(id as never, { name: 'Bo' } as never);
            model.set(id, { ...stored, name: 'Bo' });
          }
        }
        expect(await read()).toStrictEqual(naive([...model.values()], generic, values, scope, perValue));
      }),
      SEED,
    );
  });

  it('returns the counts of the naive model (1 or 0 for each distinct value)', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb(ids), async ({ people, values, scope }) => {
        const repository = createMemoryRepository(resource as Resource<Person>, { records: people as Person[] });
        const expected = new Map<unknown, number>();
        for (const value of values)
          if (value !== null) expected.set(value, naive(people, generic, [value], scope, undefined).length);
        expect(await repository.countByValues?.('id', values as never, { scope: scope as never })).toStrictEqual(
          expected,
        );
      }),
      SEED,
    );
  });
});

describe('createMemoryRepository listByValues on the id field', () => {
  it('returns the committed records to a read from outside a transaction, and the rolled-back state after it', async () => {
    const repository = createMemoryRepository(textIds, { records: [{ id: 'a', name: 'Ann', team: 'x' }] });
    expect(await repository.listByValues?.('id', ['a', 'b'])).toStrictEqual([{ id: 'a', name: 'Ann', team: 'x' }]);
    let inside: readonly unknown[] | undefined;
    let outside: readonly unknown[] | undefined;
    const transaction = repository.transaction;
    if (transaction === undefined) throw new Error('the memory repository has transactions');
    await expect(
      transaction(async (tx) => {
        const bound = tx.repository(repository);
        await bound.create({ id: 'b', name: 'Bo', team: 'y' });
        await bound.delete('a');
        inside = await bound.listByValues?.('id', ['a', 'b']);
        outside = await repository.listByValues?.('id', ['a', 'b']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toStrictEqual([{ id: 'b', name: 'Bo', team: 'y' }]);
    expect(outside).toStrictEqual([{ id: 'a', name: 'Ann', team: 'x' }]);
    expect(await repository.listByValues?.('id', ['a', 'b'])).toStrictEqual([{ id: 'a', name: 'Ann', team: 'x' }]);
  });

  it.each([
    { name: 'a number for string ids', values: [1], resource: textIds },
    { name: 'a string for number ids', values: ['1'], resource: numberIds },
    { name: 'NaN', values: [Number.NaN], resource: numberIds },
    { name: 'objects and arrays', values: [{}, ['a']], resource: textIds },
    { name: '__proto__ and constructor', values: ['__proto__', 'constructor'], resource: textIds },
    { name: 'a long string', values: ['a'.repeat(10_000)], resource: textIds },
  ])('returns nothing for ids no record has: $name', async ({ values, resource }) => {
    const repository = createMemoryRepository(resource as Resource<Person>, {
      records: [{ id: resource === numberIds ? 1 : 'a', name: 'Ann', team: 'x' }],
    });
    expect(await repository.listByValues?.('id', values as never)).toStrictEqual([]);
  });
});
