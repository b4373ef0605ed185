/**
 * The lossless-update contract of every repository adapter: `update(id, patch)` changes exactly the fields the patch
 * names with a value, never fills in a schema default, and stores exactly what it returns. Call
 * `describeLosslessUpdateContract(name, makeRepository)` from an adapter's test file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type Repository } from '../../src/index';
import { type Patch } from '../../src/kit/index';
import type { RepositoryFactory as MakeRepository } from 'pagelope/testing';

/** Options of {@link describeLosslessUpdateContract}. */
export interface LosslessUpdateContractOptions {
  /** Runs of each property (default 100; lower it for slow adapters). */
  readonly numRuns?: number;
  /** An optional-and-nullable field created absent reads back as `null` (SQL), not absent. */
  readonly readsAbsentNullableAsNull?: boolean;
}

const LEVELS = ['low', 'mid', 'high'] as const;

/** Defaults (plain and computed), an optional, a nullable, optional-and-nullable and date fields. */
export const entrySchema = z.object({
  id: z.string(),
  n: z.number().int(),
  tag: z.string().default('none'),
  createdAt: z.date().default(() => new Date(0)),
  level: z.enum(LEVELS).default('low'),
  title: z.string().optional(),
  note: z.string().nullable().default(null),
  due: z.date().nullable().optional(),
  done: z.boolean().nullable().optional(),
});

export type Entry = z.output<typeof entrySchema>;
type EntryInput = z.input<typeof entrySchema>;

export const entries = defineResource({
  name: 'entries',
  schema: entrySchema,
  filterable: ['n', 'tag', 'level', 'done', 'due'],
  sortable: ['n', 'tag', 'createdAt', 'due'],
});

/** The record of the issue: a number, and two fields with defaults. */
const issueSchema = z.object({
  id: z.string(),
  n: z.number(),
  tag: z.string().default('none'),
  createdAt: z.date().default(() => new Date(0)),
});

const issueResource = defineResource({ name: 'issueRecords', schema: issueSchema });

const FIELDS = ['n', 'tag', 'createdAt', 'level', 'title', 'note', 'due', 'done'] as const;
/** The optional-and-nullable fields: absent on memory, null on SQL when created without them. */
const ABSENT_OR_NULL = ['due', 'done'] as const;

const at = (iso: string): Date => new Date(iso);

// ---------------------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------------------

const CHARS = ['a', 'B', 'é', ' ', '%', '_', '😀', '\uFF5E'];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 4 }).map((chars) => chars.join(''));
/** A new Date each time, whole milliseconds from 1900 to 2100 (what timestamptz keeps exactly). */
const date = fc.integer({ min: -2_208_988_800_000, max: 4_102_444_800_000 }).map((ms) => new Date(ms));

const VALUES = {
  n: fc.integer({ min: -1000, max: 1000 }),
  tag: text,
  createdAt: date,
  level: fc.constantFrom(...LEVELS),
  title: text,
  note: fc.option(text, { nil: null }),
  due: fc.option(date, { nil: null }),
  done: fc.option(fc.boolean(), { nil: null }),
} satisfies Record<(typeof FIELDS)[number], fc.Arbitrary<unknown>>;

/** A create input: `n` always, every other field absent (defaulted, absent or null) or given. */
const createInput = fc.record(VALUES, { requiredKeys: ['n'] });

/** A patch: any subset of the fields, each key absent, `undefined`, or a value (null on the nullable ones). */
const patchArbitrary = fc.record(
  Object.fromEntries(
    FIELDS.map((field) => [
      field,
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: VALUES[field], weight: 3 }),
    ]),
  ) as { [K in keyof typeof VALUES]: fc.Arbitrary<EntryInput[K] | undefined> },
  { requiredKeys: [] },
);

/** Up to 6 records (ids r0..r5) and up to 8 updates, each of one of them. */
const scenario = fc.integer({ min: 1, max: 6 }).chain((count) =>
  fc.record({
    inputs: fc.array(createInput, { minLength: count, maxLength: count }),
    updates: fc.array(
      fc.record({ index: fc.integer({ min: 0, max: count - 1 }), patch: patchArbitrary, repeatId: fc.boolean() }),
      { maxLength: 8 },
    ),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------------------------

/** The keys of `patch` whose value is not `undefined`: the fields the update names. */
function named(patch: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** Deep copy of a record, Dates included, so the model never shares an instance with the repository. */
function copy<T extends object>(record: T): T {
  return structuredClone(record);
}

// ---------------------------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------------------------

/** Declares the lossless-update contract for one adapter: the issue's example, a table of patches, properties. */
export function describeLosslessUpdateContract(
  name: string,
  makeRepository: MakeRepository,
  options: LosslessUpdateContractOptions = {},
): void {
  const numRuns = options.numRuns ?? 100;

  /** What `create` must store for `input`: the defaults, and absent optional-and-nullable fields as the adapter reads them. */
  const createdOf = (id: string, input: Readonly<Record<string, unknown>>): Entry => {
    const absent = options.readsAbsentNullableAsNull
      ? Object.fromEntries(ABSENT_OR_NULL.filter((field) => input[field] === undefined).map((field) => [field, null]))
      : {};
    return { tag: 'none', createdAt: new Date(0), level: 'low', note: null, ...absent, ...named(input), id } as Entry;
  };

  const FULL: Entry = {
    id: 'e1',
    n: 1,
    tag: 'keep-me',
    createdAt: at('2024-05-05T00:00:00.000Z'),
    level: 'high',
    title: 'a title',
    note: 'a note',
    due: at('2030-01-02T03:04:05.006Z'),
    done: true,
  };

  describe(`${name}: lossless update contract`, () => {
    describe('update', () => {
      it("returns and stores the record with tag and createdAt kept after update('a', { n: 2 }) (the issue's example)", async () => {
        const createdAt = at('2024-05-05T00:00:00.000Z');
        const repository = await makeRepository(issueResource, [{ id: 'a', n: 1, tag: 'keep-me', createdAt }]);
        const updated = await repository.update('a', { n: 2 });
        expect(updated).toStrictEqual({ id: 'a', n: 2, tag: 'keep-me', createdAt: at('2024-05-05T00:00:00.000Z') });
        expect(await repository.get('a')).toStrictEqual(updated);
      });

      it.each([
        { label: 'one field', patch: { n: 2 }, changed: { n: 2 } },
        { label: 'no field', patch: {}, changed: {} },
        { label: 'only the id', patch: { id: 'e1' }, changed: {} },
        {
          label: 'undefined on every defaulted field',
          patch: { n: 3, tag: undefined, createdAt: undefined, level: undefined, note: undefined },
          changed: { n: 3 },
        },
        {
          label: 'undefined on every optional field',
          patch: { title: undefined, due: undefined, done: undefined },
          changed: {},
        },
        {
          label: 'null on the nullable fields',
          patch: { note: null, due: null, done: null },
          changed: { note: null, due: null, done: null },
        },
        {
          label: 'new values of defaulted fields',
          patch: { tag: 'other', createdAt: at('1999-12-31T23:59:59.999Z'), level: 'mid' },
          changed: { tag: 'other', createdAt: at('1999-12-31T23:59:59.999Z'), level: 'mid' },
        },
        { label: 'the values the record already has', patch: { ...FULL }, changed: {} },
        { label: 'a key the schema lacks', patch: { n: 5, extra: 'dropped' }, changed: { n: 5 } },
      ] as const)(
        'returns and stores the record changed in exactly the named fields, given $label',
        async ({ patch, changed }) => {
          const repository = await makeRepository(entries, [FULL, { ...FULL, id: 'e2' }]);
          const updated = await repository.update('e1', patch as Patch<Entry>);
          expect(updated).toStrictEqual({ ...FULL, ...changed });
          expect(await repository.get('e1')).toStrictEqual(updated);
          expect(await repository.get('e2')).toStrictEqual({ ...FULL, id: 'e2' });
        },
      );

      it('returns the record with default-valued fields kept when they were created from their defaults', async () => {
        const repository = await makeRepository(entries, []);
        const created = await repository.create({ id: 'd1', n: 1 } as unknown as Entry);
        expect(created).toStrictEqual(createdOf('d1', { n: 1 }));
        await repository.update('d1', { tag: 'set', createdAt: at('2001-01-01T00:00:00.000Z') });
        const updated = await repository.update('d1', { n: 2 });
        expect(updated).toStrictEqual({ ...created, n: 2, tag: 'set', createdAt: at('2001-01-01T00:00:00.000Z') });
        expect(await repository.get('d1')).toStrictEqual(updated);
      });

      it('changes exactly the named fields of random records after random patches, and get returns what update returned', async () => {
        await fc.assert(
          fc.asyncProperty(scenario, async ({ inputs, updates }) => {
            const ids = inputs.map((_, i) => `r${i}`);
            const repository: Repository<Entry> = await makeRepository(entries, []);
            const model = new Map<string, Entry>();
            for (const [i, input] of inputs.entries()) {
              const id = ids[i] as string;
              const created = await repository.create({ ...copy(input), id } as unknown as Entry);
              expect(created).toStrictEqual(createdOf(id, input));
              model.set(id, created);
            }
            for (const { index, patch, repeatId } of updates) {
              const id = ids[index] as string;
              const before = model.get(id) as Entry;
              const sent = copy({ ...patch, ...(repeatId ? { id } : {}) });
              const updated = await repository.update(id, sent as Patch<Entry>);
              const changes = named(patch);
              // every field the patch does not name is unchanged, every named one has the patched value
              for (const field of FIELDS) {
                if (field in changes) expect(updated[field]).toStrictEqual(changes[field]);
                else expect(updated[field]).toStrictEqual(before[field]);
              }
              expect(updated).toStrictEqual({ ...before, ...changes });
              expect(await repository.get(id)).toStrictEqual(updated);
              // the patch is the caller's: changing its Dates afterwards changes nothing stored
              for (const value of Object.values(sent)) if (value instanceof Date) value.setTime(0);
              expect(await repository.get(id)).toStrictEqual(updated);
              model.set(id, updated);
            }
            const listed = await repository.list({ limit: 50 });
            expect(listed.items).toStrictEqual(ids.map((id) => model.get(id)));
          }),
          { numRuns },
        );
      });

      it('keeps filters and orders in step with random updates', async () => {
        await fc.assert(
          fc.asyncProperty(scenario, fc.constantFrom(...LEVELS), async ({ inputs, updates }, level) => {
            const ids = inputs.map((_, i) => `r${i}`);
            const repository = await makeRepository(entries, []);
            const model = new Map<string, Entry>();
            for (const [i, input] of inputs.entries()) {
              const id = ids[i] as string;
              model.set(id, await repository.create({ ...copy(input), id } as unknown as Entry));
            }
            for (const { index, patch } of updates) {
              const id = ids[index] as string;
              model.set(id, await repository.update(id, copy(patch) as Patch<Entry>));
            }
            const records = [...model.values()];
            const byLevel = records.filter((record) => record.level === level).map((record) => record.id);
            const listed = await repository.list({ where: { level }, limit: 50 });
            expect(listed.items.map((record) => record.id)).toStrictEqual(byLevel);
            const byDate = [...records]
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
              .map((record) => record.id);
            const sorted = await repository.list({ orderBy: [{ field: 'createdAt', direction: 'asc' }], limit: 50 });
            expect(sorted.items.map((record) => record.id)).toStrictEqual(byDate);
          }),
          { numRuns },
        );
      });
    });
  });
}
