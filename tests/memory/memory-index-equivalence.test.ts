/**
 * The indexed memory repository against the simple implementation (filter, search, sort, slice:
 * `scanPage`/`scanAfter`) under random interleavings of creates, updates, deletes, pages and cursor walks, with random
 * searches (answered from packed text columns) and selections; and the same on a resource with soft delete, whose
 * field's null-or-not index answers `isnull` and `notnull` (as the service's live and deleted conditions).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, defineResource, type CursorPage, type Resource } from '../../src/index';
import { normalizeInput } from '../../src/query/model/normalize-input';
import { scanAfter, scanPage } from '../../src/memory/scan-list';
import { orderArbitrary, recordsArbitrary, searchArbitrary, selectArbitrary } from '../../src/testing/arbitraries';
import { itemSchema, searchableItems, type Item } from '../../src/testing/fixtures';
import { whereArbitrary } from '../../src/testing/where-arbitraries';

type Command =
  | { readonly kind: 'create'; readonly record: Item }
  | { readonly kind: 'update'; readonly pick: number; readonly patch: Partial<Item> }
  | { readonly kind: 'delete'; readonly pick: number }
  | {
      readonly kind: 'list';
      readonly where: unknown;
      readonly orderBy: unknown;
      readonly limit: number;
      readonly page: number;
      readonly search: string | undefined;
      readonly select: readonly string[] | undefined;
      readonly presence: 'isnull' | 'notnull' | undefined;
    }
  | {
      readonly kind: 'cursor';
      readonly where: unknown;
      readonly orderBy: unknown;
      readonly limit: number;
      readonly search: string | undefined;
      readonly select: readonly string[] | undefined;
    };

const search = fc.option(searchArbitrary, { nil: undefined, freq: 2 });
const select = fc.option(selectArbitrary, { nil: undefined, freq: 2 });

const patchArbitrary = recordsArbitrary
  .filter((records) => records.length > 0)
  .map((records) => Object.fromEntries(Object.entries(records[0] as Item).filter(([key]) => key !== 'id')))
  .chain((body) =>
    fc
      .subarray(Object.keys(body))
      .map((keys) => Object.fromEntries(keys.map((k) => [k, (body as Record<string, unknown>)[k]])) as Partial<Item>),
  );

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  recordsArbitrary.filter((r) => r.length > 0).map((r) => ({ kind: 'create' as const, record: r[0] as Item })),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), patch: patchArbitrary }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('list' as const),
    where: whereArbitrary,
    orderBy: fc.option(orderArbitrary, { nil: undefined }),
    limit: fc.integer({ min: 1, max: 12 }),
    page: fc.integer({ min: 1, max: 6 }),
    search,
    select,
    presence: fc.constantFrom(undefined, 'isnull' as const, 'notnull' as const),
  }),
  fc.record({
    kind: fc.constant('cursor' as const),
    where: whereArbitrary,
    orderBy: fc.option(orderArbitrary, { nil: undefined }),
    limit: fc.integer({ min: 1, max: 7 }),
    search,
    select,
  }),
);

const ids = (rows: readonly unknown[]) => rows.map((row) => (row as Item).id);

/** The rows as a listing with `select` returns them: the id and the selected fields each row holds. */
const cut = (rows: readonly unknown[], select: readonly string[] | undefined) =>
  rows.map((row) => {
    const record = row as Record<string, unknown>;
    const fields = select ? ['id', ...select].filter((field) => field in record) : Object.keys(record);
    return Object.fromEntries(fields.map((field) => [field, record[field]]));
  });

/** {@link searchableItems} with soft delete on `createdAt` (a nullable date), which gives it a null-or-not index. */
const softItems = defineResource({
  name: 'softItems',
  schema: itemSchema,
  filterable: ['name', 'nick', 'age', 'score', 'active', 'status', 'createdAt'],
  sortable: ['name', 'nick', 'age', 'score', 'active', 'status', 'createdAt'],
  searchable: ['name', 'nick'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
  softDelete: { field: 'createdAt' },
});

/** `where` with a condition on the soft-delete field ANDed in, where it names none (a `where` object, else as is). */
function withPresence(where: unknown, presence: 'isnull' | 'notnull' | undefined): unknown {
  if (presence === undefined || typeof where !== 'object' || where === null || Array.isArray(where)) return where;
  if ('createdAt' in where) return where;
  return { ...where, createdAt: { [presence]: true } };
}

describe.each([
  ['', searchableItems],
  [' with soft delete', softItems as unknown as typeof searchableItems],
])('createMemoryRepository (indexed)%s', (_label, resource) => {
  it('returns the same pages, totals and cursor walks as the simple implementation under random changes', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArbitrary, fc.array(commandArbitrary, { maxLength: 25 }), async (seed, commands) => {
        const repository = createMemoryRepository(resource, { records: seed });
        const reference = new Map<string, Item>(seed.map((record) => [record.id, record]));
        for (const command of commands) {
          const present = [...reference.keys()];
          if (command.kind === 'create') {
            const created = await repository.create(command.record).then(
              () => true,
              () => false,
            );
            expect(created).toBe(!reference.has(command.record.id));
            if (created) reference.set(command.record.id, command.record);
          } else if (command.kind === 'update' || command.kind === 'delete') {
            const id = present[command.pick % Math.max(present.length, 1)];
            if (id === undefined) continue;
            if (command.kind === 'delete') {
              await repository.delete(id);
              reference.delete(id);
            } else {
              const updated = await repository.update(id, command.patch);
              reference.set(id, updated);
            }
          } else if (command.kind === 'list') {
            const { orderBy, limit, page, search, select } = command;
            const where = withPresence(command.where, command.presence);
            const input = { where, orderBy, limit, page, search, select };
            const query = normalizeInput(input, resource as unknown as Resource, 'page');
            const expected = scanPage([...reference.values()], query);
            const actual = await repository.list(input as never);
            expect(ids(actual.items)).toEqual(ids(expected.items));
            expect(actual.items).toStrictEqual(cut(expected.items, command.select));
            expect(actual.total).toBe(expected.total);
          } else {
            const walked: string[] = [];
            const expected: string[] = [];
            let cursor: string | null = null;
            for (let guard = 0; guard < 200; guard++) {
              const { where, orderBy, limit, search, select } = command;
              const input = { where, orderBy, limit, search, select, cursor };
              const simple = scanAfter(
                [...reference.values()],
                normalizeInput(input, resource as unknown as Resource, 'cursor'),
              );
              const page: CursorPage<Item> = await repository.listByCursor(input as never);
              expected.push(...ids(simple.slice(0, command.limit)));
              walked.push(...ids(page.items));
              expect(page.items).toStrictEqual(cut(simple.slice(0, command.limit), command.select));
              expect(page.nextCursor === null).toBe(simple.length <= command.limit);
              if (page.nextCursor === null) break;
              cursor = page.nextCursor;
            }
            expect(walked).toEqual(expected);
          }
        }
        const all = await repository.list({ limit: 50, orderBy: [{ field: 'id', direction: 'asc' }] });
        expect(all.total).toBe(reference.size);
      }),
      { numRuns: 150 },
    );
  });
});
