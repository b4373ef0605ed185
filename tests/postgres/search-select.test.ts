/**
 * Search and select on PGlite and the server: a search matches a record when any searchable field, lower-cased,
 * contains the lower-cased text literally (quotes, `%`, `_`, `\`, `';--` included), ANDed with the filter, the OR
 * groups and the scope; a NUL is a 400 before any SQL runs. A selection reads only the selected columns (and a cursor
 * page's sort columns) and changes neither totals, order nor cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError, parseCursorQuery, parseListQuery } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  nick: z.string().optional(),
  age: z.number(),
  joined: z.date().nullable(),
});
const people = defineResource({
  name: 'people',
  schema: personSchema,
  filterable: ['age', 'name'],
  sortable: ['age', 'name', 'joined'],
  searchable: ['name', 'email', 'nick'],
});
type Person = z.output<typeof personSchema>;

const day = (n: number) => new Date(Date.UTC(2024, 0, n));
const RECORDS: Person[] = [
  { id: 'p01', name: "O'Brien", email: 'obrien@example.org', age: 31, joined: day(1) },
  { id: 'p02', name: '100% real', email: null, nick: 'Percent', age: 22, joined: null },
  { id: 'p03', name: 'snake_case', email: 'snake@example.org', age: 45, joined: day(3) },
  { id: 'p04', name: 'back\\slash', email: null, age: 19, joined: day(4) },
  { id: 'p05', name: "x' OR '1'='1", email: 'or@example.org', nick: 'ANN', age: 60, joined: day(5) },
  { id: 'p06', name: "'; DROP TABLE people; --", email: null, age: 27, joined: null },
  { id: 'p07', name: 'İstanbul', email: 'ist@example.org', age: 38, joined: day(7) },
  { id: 'p08', name: 'Ann Été', email: 'ANN@Example.org', age: 41, joined: day(8) },
  { id: 'p09', name: 'Bob', email: 'bob@snakeoil.test', nick: '50%_off', age: 33, joined: day(9) },
  { id: 'p10', name: 'Zoë', email: null, age: 25, joined: day(10) },
  { id: 'p11', name: 'Nobody', email: 'nobody@example.org', age: 52, joined: null },
  { id: 'p12', name: 'Ann-Marie', email: 'am@example.org', nick: 'annie', age: 29, joined: day(12) },
];

/** The reference: any searchable field, through toLowerCase(), contains the needle; null and absent never match. */
const matches = (record: Person, text: string) =>
  people.searchable.some((field) => {
    const value = record[field as keyof Person];
    return typeof value === 'string' && value.toLowerCase().includes(text.toLowerCase());
  });
const expectedIds = (text: string, keep: (record: Person) => boolean = () => true) =>
  RECORDS.filter((record) => keep(record) && matches(record, text)).map((record) => record.id);

const SEARCHES = [
  'ann',
  'ANN',
  "'",
  "O'B",
  '%',
  '%_',
  '_',
  '\\',
  '\\s',
  "';--",
  "'; DROP TABLE people; --",
  "' OR '1'='1",
  "x' OR '1'='1",
  '1=1',
  '$1',
  'i̇stanbul',
  'İSTANBUL',
  'été',
  'ë',
  'example.org',
  '@',
  '%_off',
  'x'.repeat(200),
  'nothing matches this',
];

const ids = (items: readonly { readonly id: string }[]) => items.map((item) => item.id);
const sorted = (list: readonly string[]) => [...list].sort();
/** The column lists of every SELECT of a statement, `count(*)::float8 AS n` included. */
const selectLists = (text: string) => [...text.matchAll(/SELECT (.+?) FROM/g)].map((m) => m[1]);

for (const [name, open] of testDatabases()) {
  describe(`createPostgresRepository on ${name}: search and select`, () => {
    let db: TestDatabase;
    let table: string;
    const statements: { text: string; values: unknown[] }[] = [];
    let repository: ReturnType<typeof createPostgresRepository<Person>>;
    beforeAll(async () => {
      db = await open();
      table = uniqueTable('people');
      await db.exec(createTableSql(people, { table }));
      const recording: SqlClient = {
        query: (text, values) => {
          statements.push({ text, values: values ?? [] });
          return db.client.query(text, values);
        },
      };
      repository = createPostgresRepository(people, { client: recording, table, textCollation: 'C' });
      for (const record of RECORDS) await repository.create(record);
    });
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    async function walkCursor(input: Record<string, unknown>): Promise<{ ids: string[]; cursors: string[] }> {
      const seen: string[] = [];
      const cursors: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 50; guard++) {
        const page: { items: readonly Person[]; nextCursor: string | null } = await repository.listByCursor({
          ...input,
          cursor,
        } as never);
        seen.push(...ids(page.items));
        if (page.nextCursor === null) break;
        cursors.push(page.nextCursor);
        cursor = page.nextCursor;
      }
      return { ids: seen, cursors };
    }

    it.each(SEARCHES)('returns exactly the records containing %j, literally, by list and by cursor', async (text) => {
      const expected = expectedIds(text);
      const page = await repository.list({ search: text, limit: 100 });
      expect(sorted(ids(page.items))).toEqual(sorted(expected));
      expect(page.total).toBe(expected.length);
      expect(sorted((await walkCursor({ search: text, limit: 2 })).ids)).toEqual(sorted(expected));
    });

    it.each(SEARCHES)('returns the same records for search=%j through the query string', async (text) => {
      const query = `search=${encodeURIComponent(text)}&limit=100`;
      const expected = sorted(expectedIds(text));
      expect(sorted(ids((await repository.list(parseListQuery(query, people))).items))).toEqual(expected);
      expect(sorted(ids((await repository.listByCursor(parseCursorQuery(query, people))).items))).toEqual(expected);
    });

    it('binds the search as one parameter, escaped, and never splices it into the statement', async () => {
      statements.length = 0;
      // Letters no statement holds (table names carry digits, so a digit needle could match one by chance).
      await repository.list({ search: "Qz%_Off'; --", limit: 100 });
      const [page] = statements;
      expect(page?.text.toLowerCase()).not.toContain('qz');
      expect(page?.text).not.toContain('--');
      expect(page?.values[0]).toBe("%qz\\%\\_off'; --%");
      expect(page?.text.match(/ LIKE \$1 ESCAPE '\\'/g)).toHaveLength(3);
    });

    it.each(['a\u0000b', '\u0000'])('throws a 400 for a NUL in search (%j) before any SQL runs', async (text) => {
      statements.length = 0;
      for (const call of [() => repository.list({ search: text }), () => repository.listByCursor({ search: text })]) {
        const error: unknown = await call().then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(isHttpError(error) && error.statusCode).toBe(400);
      }
      expect(statements).toEqual([]);
    });

    it('ANDs the search with the filter, OR groups and the scope', async () => {
      const scope = { age: { lt: 50 } };
      const inScope = (record: Person) => record.age < 50;
      const page = await repository.list({ search: 'example', where: { age: { gt: 30 } }, limit: 100 }, { scope });
      expect(sorted(ids(page.items))).toEqual(sorted(expectedIds('example', (r) => r.age > 30 && inScope(r))));
      const either = await repository.list(
        { search: 'ann', where: [{ age: { gte: 60 } }, { name: { startsl: 'ann-' } }], limit: 100 },
        { scope: { age: { gt: 0 } } },
      );
      expect(sorted(ids(either.items))).toEqual(['p05', 'p12']);
      const walked = await walkCursor({ search: 'a', where: [{ age: { lt: 25 } }, { age: { gt: 40 } }], limit: 2 });
      expect(sorted(walked.ids)).toEqual(sorted(expectedIds('a', (r) => r.age < 25 || r.age > 40)));
    });

    it('reads only the selected columns: list pages, the deferred join of later pages, and the COUNT', async () => {
      statements.length = 0;
      const first = await repository.list({
        select: ['name'],
        limit: 5,
        orderBy: [{ field: 'age', direction: 'asc' }],
      });
      expect(statements.map((s) => selectLists(s.text))).toEqual([['"id", "name"'], ['count(*)::float8 AS n']]);
      statements.length = 0;
      await repository.list({ select: ['email', 'name'], search: 'e', limit: 2, page: 2 });
      expect(selectLists(statements[0]?.text ?? '')).toEqual(['"id", "email", "name"', '"id"']);
      expect(first.items.every((item) => Object.keys(item).join() === 'id,name')).toBe(true);
    });

    it('reads the selected columns and the sort columns for a cursor page, and returns only the selected', async () => {
      statements.length = 0;
      const orderBy = [{ field: 'joined', direction: 'desc' }];
      const page = await repository.listByCursor({ select: ['nick'], orderBy, limit: 3 } as never);
      expect(statements.map((s) => selectLists(s.text))).toEqual([['"id", "nick", "joined"']]);
      expect(page.items.every((item) => Object.keys(item).every((key) => key === 'id' || key === 'nick'))).toBe(true);
      statements.length = 0;
      await repository.listByCursor({ select: ['age'], orderBy: [{ field: 'age', direction: 'asc' }], limit: 3 });
      expect(statements.map((s) => selectLists(s.text))).toEqual([['"id", "age"']]);
    });

    it.each([
      { select: ['name'] as const, orderBy: [{ field: 'age', direction: 'desc' }] },
      { select: ['nick', 'joined'] as const, orderBy: [{ field: 'name', direction: 'asc' }] },
      { select: ['email'] as const, orderBy: [{ field: 'joined', direction: 'asc' }], search: 'e' },
      { select: ['id'] as const, orderBy: undefined, search: 'ann' },
    ])('returns the selected fields with the totals, order and cursors of $select unselected', async (input) => {
      const { select, ...rest } = input;
      const pick = (record: Person) =>
        Object.fromEntries(['id', ...select].filter((f) => f in record).map((f) => [f, record[f as keyof Person]]));
      for (const page of [1, 2, 3]) {
        const [full, some] = [
          await repository.list({ ...rest, limit: 4, page } as never),
          await repository.list({ ...input, limit: 4, page } as never),
        ];
        expect(some.items).toEqual(full.items.map((item) => pick(item as Person)));
        expect({ ...some, items: [] }).toEqual({ ...full, items: [] });
      }
      const [full, some] = [await walkCursor({ ...rest, limit: 3 }), await walkCursor({ ...input, limit: 3 })];
      expect(some).toEqual(full);
    });

    it('keeps an absent optional field absent, a null null, and a date a Date in a selection', async () => {
      const page = await repository.list({ select: ['nick', 'joined', 'email'], where: { age: { lt: 23 } } });
      expect(page.items).toEqual([
        { id: 'p02', nick: 'Percent', joined: null, email: null },
        { id: 'p04', joined: day(4), email: null },
      ]);
      expect('nick' in (page.items[1] ?? {})).toBe(false);
    });

    it('still holds every record afterwards', async () => {
      expect((await repository.list({ limit: 100 })).total).toBe(RECORDS.length);
    });
  });
}
