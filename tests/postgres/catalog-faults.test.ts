/**
 * A catalog read that fails (a statement timeout, a cancel, a lock timeout) is never kept: the call answers 503 with
 * retry-after, the next one reads again and gets the table's real column types (uuid, integer, date), and a read
 * inside a transaction cannot abort it (PGlite, and the server when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError } from '../../src/index';
import { createPostgresRepository, type SqlClient } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const events = defineResource({
  name: 'events',
  schema: z.object({ id: z.string(), seats: z.number().int(), day: z.date(), title: z.string() }),
  clientIds: true,
  filterable: ['id', 'seats', 'day', 'title'],
  sortable: ['seats', 'day', 'title'],
});

const ID = '0190f5b4-0000-7000-8000-000000000001';

/** Raises `code` as the database would: a real error of that SQLSTATE, which aborts the transaction it is in. */
const raise = (code: string) =>
  `DO $$ BEGIN RAISE EXCEPTION 'catalog read cut short' USING ERRCODE = '${code}'; END $$`;

/**
 * `client` with its next `count` catalog reads (on the client, a pooled connection or a transaction) replaced by a
 * statement raising `code` on the same connection; the client keeps its kind (pool, PGlite).
 */
function failingCatalog(client: SqlClient, code: string, count = 1): SqlClient {
  let left = count;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        if (key === 'query')
          return (text: string, values?: unknown[]) => {
            if (left > 0 && text.includes('pg_attribute') && text.includes('attcollation')) {
              left -= 1;
              return (object as unknown as SqlClient).query(raise(code));
            }
            return (object as unknown as SqlClient).query(text, values);
          };
        if (key === 'connect' && typeof value === 'function')
          return async () => wrap(await (value as () => Promise<object>).call(object));
        if (key === 'transaction' && typeof value === 'function')
          return (work: (tx: object) => Promise<unknown>) =>
            (value as (w: typeof work) => Promise<unknown>).call(object, (tx: object) => work(wrap(tx)));
        return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
      },
    });
  return wrap(client);
}

const statusOf = (error: unknown) =>
  isHttpError(error) ? [error.statusCode, error.headers['retry-after']] : [String(error)];

for (const [leg, open] of testDatabases()) {
  describe(`a failed catalog read on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    const tableOf = async () => {
      const table = uniqueTable('events');
      tables.push(table);
      await db.exec(
        `CREATE TABLE "${table}" (id uuid PRIMARY KEY, seats integer NOT NULL, day date NOT NULL, title text NOT NULL);
         INSERT INTO "${table}" VALUES ('${ID}', 3, '2024-05-01', 'launch')`,
      );
      return table;
    };
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    it.each(['57014', '55P03', '40001'])('answers 503 for %s, then reads the catalog again', async (code) => {
      const table = await tableOf();
      const client = failingCatalog(db.client, code);
      const repository = createPostgresRepository(events, { client, table });
      const where = { id: ID, seats: { gte: 2 }, day: { lt: new Date('2025-01-01T00:00:00Z') } };
      const first: unknown = await repository.list({ where }).catch((error: unknown) => error);
      expect(statusOf(first)).toEqual([503, '1']);
      for (let i = 0; i < 2; i++) {
        const page = await repository.list({ where, orderBy: [{ field: 'title', direction: 'asc' }] });
        expect(page.items.map((item) => item.id)).toEqual([ID]);
      }
      expect((await repository.get(ID)).seats).toBe(3);
    });

    it('reads the catalog of a repository bound to a transaction without aborting it', async () => {
      const table = await tableOf();
      const client = failingCatalog(db.client, '57014', 2);
      const repository = createPostgresRepository(events, { client, table });
      const created = await repository.transaction!(async (tx) => {
        const bound = tx.repository(repository);
        const errors: unknown[] = [];
        for (;;) {
          const result = await bound.list({ where: { id: ID } }).catch((error: unknown) => error);
          if (!isHttpError(result)) break;
          errors.push(result);
        }
        expect(errors.map(statusOf)).toEqual(errors.map(() => [503, '1']));
        expect(errors.length).toBeGreaterThan(0);
        return bound.create({
          id: '0190f5b4-0000-7000-8000-000000000002',
          seats: 1,
          day: new Date('2024-06-01T00:00:00Z'),
          title: 'b',
        });
      });
      expect(created.seats).toBe(1);
      expect((await repository.list({ where: { seats: { lte: 3 } } })).total).toBe(2);
    });
  });
}
