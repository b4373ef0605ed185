/**
 * The SQL adapter (PGlite, and the server when DATABASE_URL is set) and the in-memory adapter given the same random
 * records, filters (every operator, values with %, _, \, quotes and Unicode; OR groups of AND-groups), searches (the
 * same hostile texts), selections, orders, limits and pages must return the same results; walking every page and
 * every cursor visits each matching record exactly once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, OPERATORS, type OperatorName, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const KINDS = ['memo', 'note', 'task'] as const;
const docSchema = z.object({
  id: z.string(),
  title: z.string(),
  tag: z.string().nullable(),
  n: z.number().nullable(),
  flag: z.boolean(),
  kind: z.enum(KINDS),
  at: z.date().nullable(),
});
const docs = defineResource({
  name: 'docs',
  schema: docSchema,
  filterable: ['id', 'title', 'tag', 'n', 'flag', 'kind', 'at'],
  sortable: ['title', 'tag', 'n', 'flag', 'kind', 'at'],
  pagination: { defaultLimit: 5, maxLimit: 100 },
  searchable: ['title', 'tag'],
});
type Doc = z.output<typeof docSchema>;

// Final sigma (Σ at the end of a word) folds differently in JavaScript and PostgreSQL: a documented difference.
const CHARS = ['a', 'A', 'b', '%', '_', '\\', "'", '"', 'é', 'É', 'İ', 'ß', 'K', '😀', '\uFFFD', '\uE000', ' ', '-'];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 4 }).map((chars) => chars.join(''));
const DATES = [0, 1, 86_400_000, 1_700_000_000_000].map((ms) => new Date(ms));
const date = fc.constantFrom(...DATES).map((d) => new Date(d.getTime()));
const num = fc.constantFrom(-2, -0.5, 0, 1, 1.25, 3);

const docArbitrary = (id: string): fc.Arbitrary<Doc> =>
  fc.record({
    id: fc.constant(id),
    title: text,
    tag: fc.option(text, { nil: null }),
    n: fc.option(num, { nil: null }),
    flag: fc.boolean(),
    kind: fc.constantFrom(...KINDS),
    at: fc.option(date, { nil: null }),
  });

const recordsArbitrary = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9]{1,4}$/), { maxLength: 25 })
  .chain((ids) => fc.tuple(...ids.map(docArbitrary)));

const valueOf: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.stringMatching(/^[a-z0-9]{1,3}$/),
  title: text,
  tag: text,
  n: num,
  flag: fc.boolean(),
  kind: fc.constantFrom(...KINDS),
  at: date,
};

const conditionArbitrary = fc.constantFrom(...Object.keys(valueOf)).chain((field) => {
  const def = docs.fields.get(field);
  const ops = (Object.keys(OPERATORS) as OperatorName[]).filter((op) => docs.filterable.get(field)?.has(op));
  return fc
    .constantFrom(...ops)
    .chain((op) => {
      const value = valueOf[field] as fc.Arbitrary<unknown>;
      const arity = OPERATORS[op].arity;
      const operand =
        arity === 'none'
          ? fc.constant(true)
          : arity === 'two'
            ? fc.tuple(value, value)
            : arity === 'many'
              ? fc.array(value, { minLength: 1, maxLength: 3 })
              : value;
      return operand.map((v) => ({ [field]: { [op]: v } }) as Record<string, unknown>);
    })
    .filter(() => def !== undefined);
});

// Text matching is where SQL and JavaScript part ways most easily (LIKE wildcards, escapes, case folding): weight it.
const TEXT_OPS: OperatorName[] = ['cont', 'excl', 'starts', 'ends', 'contl', 'excll', 'startsl', 'endsl', 'eql', 'nel'];
const wildText = fc
  .array(fc.constantFrom('%', '_', '\\', 'a', 'A', 'İ', 'é', "'"), { minLength: 1, maxLength: 3 })
  .map((c) => c.join(''));
const textCondition = fc
  .tuple(fc.constantFrom('title', 'tag'), fc.constantFrom(...TEXT_OPS), fc.oneof(wildText, text))
  .map(([field, op, value]) => ({ [field]: { [op]: value } }) as Record<string, unknown>);
const anyCondition = fc.oneof({ arbitrary: conditionArbitrary, weight: 2 }, { arbitrary: textCondition, weight: 2 });

const clauseArbitrary = fc
  .array(anyCondition, { minLength: 1, maxLength: 3 })
  .map((parts) => Object.assign({}, ...parts) as Record<string, unknown>);
const whereArbitrary = fc.oneof(
  fc.constant(undefined),
  clauseArbitrary,
  fc.array(anyCondition, { minLength: 1, maxLength: 3 }),
  // OR groups whose clauses AND several conditions.
  fc.array(clauseArbitrary, { minLength: 2, maxLength: 4 }),
);
// Searches over title and tag: the text-condition values, hostile ones weighted (1 to 200 characters).
const searchArbitrary = fc.option(
  fc.oneof(
    wildText,
    text.filter((t) => t.length > 0),
    fc.constantFrom("';--", "' OR '1'='1", '%_', '\\', 'İ', 'i̇', 'ÉA'),
  ),
  { nil: undefined, freq: 2 },
);
const selectArbitrary = fc.option(
  fc.shuffledSubarray(['id', 'title', 'tag', 'n', 'flag', 'kind', 'at'], { minLength: 1, maxLength: 3 }),
  { nil: undefined, freq: 2 },
);
const orderArbitrary = fc
  .shuffledSubarray(['title', 'tag', 'n', 'flag', 'kind', 'at', 'id'], { maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.constantFrom('asc' as const, 'desc' as const).map((direction) => ({ field, direction })),
      ),
    ),
  );

const ids = (items: readonly unknown[]) => items.map((item) => (item as { id: string }).id);

/** What a random query gives `list` and `listByCursor`, besides its limit and page or cursor. */
interface Filter {
  readonly where: unknown;
  readonly orderBy: unknown;
  readonly search: string | undefined;
  readonly select: readonly string[] | undefined;
}

async function walkPages(repository: Repository<Doc>, filter: Filter, limit: number): Promise<string[]> {
  const seen: string[] = [];
  for (let page = 1; page < 200; page++) {
    const result: { items: readonly unknown[]; hasNextPage: boolean } = await repository.list({
      ...filter,
      limit,
      page,
    } as never);
    seen.push(...ids(result.items));
    if (!result.hasNextPage) break;
  }
  return seen;
}

/** The items of every cursor page (whole, so selections are compared too) and the cursors handed out. */
async function walkCursor(repository: Repository<Doc>, filter: Filter, limit: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 200; guard++) {
    const page: { items: readonly unknown[]; nextCursor: string | null } = await repository.listByCursor({
      ...filter,
      limit,
      cursor,
    } as never);
    seen.push(...page.items, page.nextCursor);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return seen;
}

const legs: [string, () => Promise<TestDatabase>][] = [['PGlite', openPglite]];
const serverUrl = DATABASE_URL;
if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);

for (const [name, open] of legs) {
  describe(`createPostgresRepository on ${name} vs createMemoryRepository`, () => {
    let db: TestDatabase | undefined;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      if (!db) return;
      await db.dropTables(tables);
      await db.close();
    });

    it('returns the same pages, totals, page walks and cursor walks for random data, filters, searches, selections and orders', async () => {
      await fc.assert(
        fc.asyncProperty(
          recordsArbitrary,
          fc.array(
            fc.tuple(
              whereArbitrary,
              fc.option(orderArbitrary, { nil: undefined }),
              fc.integer({ min: 1, max: 9 }),
              fc.integer({ min: 1, max: 5 }),
              searchArbitrary,
              selectArbitrary,
            ),
            { minLength: 1, maxLength: 4 },
          ),
          async (records, queries) => {
            if (!db) throw new Error('database not open');
            const table = uniqueTable('docs');
            tables.push(table);
            await db.exec(createTableSql(docs, { table }));
            const sql = createPostgresRepository(docs, { client: db.client, table });
            for (const record of records) await sql.create(record);
            const memory = createMemoryRepository(docs, { records });
            for (const [where, orderBy, limit, page, search, select] of queries) {
              const filter: Filter = { where, orderBy, search, select };
              const input = { ...filter, limit, page } as never;
              const [a, b] = [await sql.list(input), await memory.list(input)];
              expect(ids(a.items)).toEqual(ids(b.items));
              expect(a.total).toBe(b.total);
              expect(a.items).toEqual(b.items);
              const expected = ids((await memory.list({ ...filter, limit: 100 } as never)).items);
              const pages = await walkPages(sql, filter, limit);
              expect(pages).toEqual(expected);
              expect(new Set(pages).size).toBe(pages.length);
              expect(await walkCursor(sql, filter, limit)).toEqual(await walkCursor(memory, filter, limit));
            }
            await db.exec(`DROP TABLE "${table}"`);
          },
        ),
        { numRuns: 100 },
      );
    });
  });
}
