/**
 * Collation detection on real tables: no `COLLATE "C"` on the columns `createTableSql` declares "C" (so the
 * `(field, id)` indexes serve the order), `COLLATE "C"` on text columns in any other collation (so the order stays
 * code-point, as in memory), and none on a uuid id (which has no collation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type CursorPage, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient, type TextCollation } from '../../src/postgres/index';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

const noteSchema = z.object({ id: z.string(), title: z.string(), kind: z.enum(['x', 'Y']) });
const notes = defineResource({ name: 'notes', schema: noteSchema, filterable: ['title'], sortable: ['title', 'kind'] });
type Note = z.output<typeof noteSchema>;

// Code-point order (A B Z a b é) differs from any linguistic one (a A b B é Z).
const TITLES = ['b', 'B', 'a', 'A', 'é', 'Z', 'b'];
const RECORDS: Note[] = TITLES.map((title, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  title,
  kind: i % 2 ? 'x' : 'Y',
}));

const ORDERS = [
  [{ field: 'title', direction: 'asc' }],
  [{ field: 'title', direction: 'desc' }],
  [
    { field: 'kind', direction: 'desc' },
    { field: 'title', direction: 'asc' },
  ],
  [{ field: 'id', direction: 'desc' }],
] as const;

const ids = (items: readonly Note[]) => items.map((n) => n.id);

interface Recorded {
  readonly client: SqlClient;
  readonly sent: string[];
}

function recording(client: SqlClient): Recorded {
  const sent: string[] = [];
  return { sent, client: { query: (text, values) => (sent.push(text), client.query(text, values)) } };
}

async function walkCursor(repository: Repository<Note>, orderBy: unknown): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const page: CursorPage<Note> = await repository.listByCursor({ orderBy, limit: 2, cursor } as never);
    seen.push(...ids(page.items));
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return seen;
}

const legs: [string, () => Promise<TestDatabase>, boolean][] = [['PGlite', openPglite, false]];
// The server has ICU collations; PGlite has none, so the linguistic-collation case runs on the server leg only.
if (DATABASE_URL) legs.push(['PostgreSQL server', () => openServer(DATABASE_URL as string), true]);

for (const [name, open, icu] of legs) {
  describe(`createPostgresRepository on ${name} with textCollation`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    const memory = createMemoryRepository(notes, { records: RECORDS });
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    });

    const load = async (ddl: (table: string) => string, textCollation?: TextCollation) => {
      const table = uniqueTable('notes');
      tables.push(table);
      await db.exec(ddl(table));
      const recorded = recording(db.client);
      const repository = createPostgresRepository(notes, { client: recorded.client, table, textCollation });
      for (const record of RECORDS) await repository.create(record);
      return { repository, sent: recorded.sent };
    };

    const expectSameAsMemory = async (repository: Repository<Note>) => {
      for (const orderBy of ORDERS) {
        const expected = ids((await memory.list({ orderBy, limit: 100 })).items);
        expect(ids((await repository.list({ orderBy, limit: 3, page: 2 })).items)).toEqual(expected.slice(3, 6));
        expect(await walkCursor(repository, orderBy)).toEqual(expected);
      }
    };

    it('adds no COLLATE on the "C" columns of createTableSql, after one catalog read', async () => {
      const { repository, sent } = await load((table) => createTableSql(notes, { table }));
      await expectSameAsMemory(repository);
      const lists = sent.filter((text) => text.startsWith('SELECT "id"'));
      expect(lists.length).toBeGreaterThan(0);
      expect(lists.filter((text) => text.includes('COLLATE'))).toEqual([]);
      expect(sent.filter((text) => text.includes('pg_attribute'))).toHaveLength(1);
    });

    it('collates text columns in the database default collation, and not the uuid id', async () => {
      const { repository, sent } = await load(
        (table) => `CREATE TABLE "${table}" ("id" uuid PRIMARY KEY, "title" text NOT NULL, "kind" text NOT NULL)`,
      );
      await expectSameAsMemory(repository);
      const byTitle = sent.filter((text) => text.includes('ORDER BY "title"'));
      expect(byTitle.length).toBeGreaterThan(0);
      expect(byTitle.filter((text) => !text.includes('ORDER BY "title" COLLATE "C"'))).toEqual([]);
      expect(sent.filter((text) => text.includes('"id" COLLATE'))).toEqual([]);
    });

    if (icu) {
      const linguistic = (table: string) =>
        `CREATE TABLE "${table}" ("id" text PRIMARY KEY, "title" text COLLATE "en-x-icu" NOT NULL, ` +
        `"kind" text COLLATE "en-x-icu" NOT NULL)`;

      it('keeps code-point order on columns in a linguistic collation', async () => {
        const { repository } = await load(linguistic);
        await expectSameAsMemory(repository);
      });

      it('orders by the column collation when wrongly told the columns are "C"', async () => {
        const { repository } = await load(linguistic, 'C');
        const titles = (await repository.list({ orderBy: [{ field: 'title', direction: 'asc' }] })).items.map(
          (n) => n.title,
        );
        expect(titles).toEqual(['a', 'A', 'b', 'b', 'B', 'é', 'Z']);
      });
    }
  });
}
