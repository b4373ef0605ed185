/**
 * The batch writes of the PostgreSQL adapter, counted by the database itself (a statement-level trigger that counts
 * the INSERT statements on the table): `createMany` of 100 records is one INSERT; a batch whose values exceed the
 * 65,535 bind parameters is split into INSERTs of one transaction; a constraint broken by one item (the 57th of 100,
 * or the last of a split batch) leaves nothing written, the error mapped as a single create's and naming the item
 * (`items[56].n`); a `deleteMany` refused
 * by a foreign key removes nothing. On PGlite, and on the server when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError, type Resource } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const rows = defineResource({
  name: 'rows',
  schema: z.object({ id: z.string(), n: z.number().int(), label: z.string().optional() }),
});
type RowRecord = z.output<typeof rows.schema>;

/** 70 integer columns besides the id: 71 bind parameters a record, so 1,000 records exceed 65,535. */
const WIDE_FIELDS = Array.from({ length: 70 }, (_, i) => `c${String(i).padStart(2, '0')}`);
const wide = defineResource({
  name: 'wide',
  schema: z.object({ id: z.string(), ...Object.fromEntries(WIDE_FIELDS.map((field) => [field, z.number().int()])) }),
});
type WideRecord = Record<string, string | number> & { id: string };

/** The error a promise rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

for (const [leg, open] of testDatabases()) {
  describe(`batch writes on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    // Opening PGlite on a loaded two-core machine can outlast the default hook timeout.
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    /** A table of `resource` whose INSERT statements are counted, and a reader of the count. */
    async function countedTable<TRecord>(resource: Resource<TRecord>, extra = '') {
      const table = uniqueTable(resource.name);
      const counter = `${table}_count`;
      tables.push(table, counter);
      await db.exec(createTableSql(resource, { table }));
      if (extra) await db.exec(`ALTER TABLE "${table}" ${extra}`);
      await db.exec(`
        CREATE TABLE "${counter}" (n integer NOT NULL);
        INSERT INTO "${counter}" VALUES (0);
        CREATE FUNCTION "${counter}_up"() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN UPDATE "${counter}" SET n = n + 1; RETURN NULL; END $$;
        CREATE TRIGGER "${counter}_t" AFTER INSERT ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "${counter}_up"();
      `);
      const repository = createPostgresRepository(resource, { client: db.client, table });
      const inserts = async () => {
        const { rows: found } = await db.client.query(`SELECT n FROM "${counter}"`, []);
        return Number(found[0]?.['n']);
      };
      const total = async () => {
        const { rows: found } = await db.client.query(`SELECT count(*)::int AS n FROM "${table}"`, []);
        return Number(found[0]?.['n']);
      };
      return { repository, inserts, total, table };
    }

    const hundred = (): RowRecord[] =>
      Array.from({ length: 100 }, (_, i) => ({ id: `r${String(i + 1).padStart(3, '0')}`, n: i + 1 }));

    it('stores 100 records with exactly one INSERT statement and returns them in order', async () => {
      const { repository, inserts, total } = await countedTable(rows);
      const data = hundred().reverse();
      const created = await repository.createMany?.(data);
      expect(created).toStrictEqual(data);
      expect(await inserts()).toBe(1);
      expect(await total()).toBe(100);
    });

    it('writes nothing when the 57th of 100 records breaks a check, and answers a 400 naming the field', async () => {
      const { repository, inserts, total } = await countedTable(rows, 'ADD CHECK (n >= 0)');
      const data = hundred();
      data[56] = { id: 'r057', n: -1 };
      const error = await failureOf(repository.createMany?.(data) ?? Promise.resolve());
      expect(isHttpError(error) && { statusCode: error.statusCode, message: error.message }).toStrictEqual({
        statusCode: 400,
        message: ['items[56].n: the value is not allowed'],
      });
      expect(await total()).toBe(0);
      expect(await inserts()).toBe(0);
    });

    it('writes nothing when the 57th of 100 records has a stored id, and answers the 409 of a single create', async () => {
      const { repository, total } = await countedTable(rows);
      await repository.create({ id: 'old', n: 0 });
      const data = hundred();
      data[56] = { id: 'old', n: 57 };
      const single = await failureOf(repository.create({ id: 'old', n: 1 }));
      const error = await failureOf(repository.createMany?.(data) ?? Promise.resolve());
      expect(isHttpError(error) && { statusCode: error.statusCode, message: error.message }).toStrictEqual(
        isHttpError(single) && { statusCode: 409, message: single.message },
      );
      expect(await total()).toBe(1);
    });

    it('writes nothing when a value of the 57th record is too long for its column, naming the field', async () => {
      const { repository, total } = await countedTable(rows, 'ALTER COLUMN label TYPE varchar(5)');
      const data = hundred().map((record) => ({ ...record, label: 'short' }));
      data[56] = { id: 'r057', n: 57, label: 'too long' };
      const error = await failureOf(repository.createMany?.(data) ?? Promise.resolve());
      expect(isHttpError(error) && { statusCode: error.statusCode, message: error.message }).toStrictEqual({
        statusCode: 400,
        message: ['items[56].label: the value is too long'],
      });
      expect(await total()).toBe(0);
    });

    it('removes nothing when another table refers to one of the records, and answers the 409 of a single delete', async () => {
      const { repository, total, table } = await countedTable(rows);
      const refs = `${table}_refs`;
      tables.push(refs);
      await db.exec(`CREATE TABLE "${refs}" (id text PRIMARY KEY, row_id text REFERENCES "${table}" (id))`);
      await repository.createMany?.(hundred().slice(0, 3));
      await db.exec(`INSERT INTO "${refs}" VALUES ('x', 'r002')`);
      const single = await failureOf(repository.delete('r002'));
      const error = await failureOf(repository.deleteMany?.(['r001', 'r002', 'r003']) ?? Promise.resolve());
      expect(isHttpError(error) && { statusCode: error.statusCode, message: error.message }).toStrictEqual(
        isHttpError(single) && { statusCode: 409, message: single.message },
      );
      expect(await total()).toBe(3);
    });

    const wideRecords = (count: number): WideRecord[] =>
      Array.from({ length: count }, (_, i) => ({
        id: `w${String(i).padStart(4, '0')}`,
        ...Object.fromEntries(WIDE_FIELDS.map((field, j) => [field, i + j])),
      }));

    it('splits a batch of more than 65,535 values into INSERTs of one transaction', async () => {
      const { repository, inserts, total } = await countedTable(wide as unknown as Resource<WideRecord>);
      const data = wideRecords(1000);
      const created = await repository.createMany?.(data);
      expect(created?.length).toBe(1000);
      expect(created?.[999]).toStrictEqual(data[999]);
      expect(await inserts()).toBe(2);
      expect(await total()).toBe(1000);
    }, 60_000);

    it('undoes the first INSERT of a split batch when the last record breaks a check', async () => {
      const { repository, total } = await countedTable(wide as unknown as Resource<WideRecord>, 'ADD CHECK (c00 >= 0)');
      const data = wideRecords(1000);
      data[999] = { ...(data[999] as WideRecord), c00: -1 };
      const error = await failureOf(repository.createMany?.(data) ?? Promise.resolve());
      expect(isHttpError(error) && [error.statusCode, error.message]).toStrictEqual([
        400,
        ['items[999].c00: the value is not allowed'],
      ]);
      expect(await total()).toBe(0);
    }, 60_000);
  });
}
