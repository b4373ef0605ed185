/**
 * Injection attempts through the HTTP grammar (field names, operator names, sort fields and directions, values) end
 * in a 400 or in a literal match, never in a SQL error or a 500; the table survives every attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, isHttpError, parseListQuery, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const noteSchema = z.object({ id: z.string(), title: z.string(), score: z.number(), secret: z.string() });
const notes = defineResource({
  name: 'notes',
  schema: noteSchema,
  filterable: ['title', 'score'],
  sortable: ['title', 'score'],
  searchable: ['title'],
});
type Note = z.output<typeof noteSchema>;
const RECORDS: Note[] = [
  { id: 'n1', title: "O'Brien", score: 1, secret: 's1' },
  { id: 'n2', title: '100% real', score: 2, secret: 's2' },
  { id: 'n3', title: 'snake_case', score: 3, secret: 's3' },
  { id: 'n4', title: 'back\\slash', score: 4, secret: 's4' },
  { id: 'n5', title: "x' OR '1'='1", score: 5, secret: 's5' },
];

const REJECTED = [
  'title";DROP TABLE notes;--[operator]=eq&title";DROP TABLE notes;--[value]=x',
  'title[operator]=eq;DROP TABLE notes&title[value]=x',
  "title[eq' OR 1=1 --]=x",
  'orderBy=title;DROP TABLE notes',
  'orderBy=title"--',
  'orderBy=secret',
  'orderBy=title&orderDirection=DESC;DROP TABLE notes',
  'orderBy=title&orderDirection=ASC NULLS FIRST',
  'score[eq]=1 OR 1=1',
  "score[eq]=1'; DROP TABLE notes; --",
  'secret[operator]=starts&secret[value]=s',
  '(SELECT 1)[eq]=1',
  'limit=1;DROP TABLE notes',
  'search=a%00b',
  'search=',
  'search=a&search=b',
  'select=secret;DROP TABLE notes',
  'select=title,"secret"',
];

const LITERAL = [
  "title[eq]=O'Brien",
  "title[cont]=' OR '1'='1",
  'title[cont]=%25',
  'title[cont]=%25%25',
  'title[cont]=_',
  'title[starts]=%25',
  'title[contl]=%25%20REAL',
  'title[cont]=%5C',
  "title[in]=x' OR '1'='1&title[in]=snake_case",
  "title[eql]=X' OR '1'='1",
  'title[ends]=\\',
  'title[cont]=%27%3B%20DROP%20TABLE%20notes%3B%20--',
  "search=O'B",
  'search=%25',
  'search=_',
  'search=%5C',
  'search=%27%3B--',
  "search=x' OR '1'='1",
  'search=%27%3B%20DROP%20TABLE%20notes%3B%20--&or[0][score][lt]=3&or[1][score][gt]=4',
  'search=%25&select=title',
];

const legs: [string, () => Promise<TestDatabase>][] = [['PGlite', openPglite]];
const serverUrl = DATABASE_URL;
if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);

for (const [name, open] of legs) {
  describe(`createPostgresRepository on ${name} under injection attempts`, () => {
    let db: TestDatabase;
    let table: string;
    let sql: Repository<Note>;
    const memory = createMemoryRepository(notes, { records: RECORDS });
    beforeAll(async () => {
      db = await open();
      table = uniqueTable('notes');
      await db.exec(createTableSql(notes, { table }));
      sql = createPostgresRepository(notes, { client: db.client, table });
      for (const record of RECORDS) await sql.create(record);
    });
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    it.each(REJECTED)('answers %s with a 400 before any SQL runs', (query) => {
      let error: unknown;
      try {
        parseListQuery(query, notes);
      } catch (thrown) {
        error = thrown;
      }
      expect(isHttpError(error) && error.statusCode).toBe(400);
    });

    it.each(LITERAL)('matches %s literally, as the in-memory adapter does', async (query) => {
      const parsed = parseListQuery(query, notes);
      const [a, b] = [await sql.list(parsed), await memory.list(parsed)];
      expect(a.items.map((n) => n.id)).toEqual(b.items.map((n) => n.id));
      expect(a.total).toBe(b.total);
    });

    it('still holds every record afterwards', async () => {
      expect((await sql.list({ limit: 100 })).total).toBe(RECORDS.length);
    });

    it('rejects an unsafe table or field name at definition time', () => {
      expect(() => createPostgresRepository(notes, { client: db.client, table: 'notes; DROP TABLE x' })).toThrow(
        TypeError,
      );
      expect(() => createTableSql(notes, { table: 'a"b' })).toThrow(TypeError);
    });
  });
}
