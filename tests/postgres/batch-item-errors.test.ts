/**
 * A constraint broken by one item of a batch write names that item: `items[56].ref: ...` for the 57th record of a
 * `createMany` (one INSERT, several, or inside a transaction) or the change of an `updateMany` that breaks a
 * foreign-key, unique, check or not-null constraint; nothing of the batch is written (PGlite, and the server when
 * DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const rows = defineResource({
  name: 'rows',
  schema: z.object({ id: z.string(), n: z.number().int(), label: z.string().optional(), ref: z.string().optional() }),
  clientIds: true,
});
type RowRecord = z.output<typeof rows.schema>;

const hundred = (): RowRecord[] =>
  Array.from({ length: 100 }, (_, i) => ({ id: `r${String(i + 1).padStart(3, '0')}`, n: i + 1, label: 'x' }));

/** The status and messages of the error `promise` rejects with. */
const failureOf = (promise: Promise<unknown> | undefined) =>
  (promise ?? Promise.resolve()).then(
    () => 'resolved',
    (error: unknown) => (isHttpError(error) ? [error.statusCode, error.message] : String(error)),
  );

/** Each constraint, the ALTER TABLE adding it, and the change of the 57th record that breaks it. */
const CASES = [
  {
    name: 'a foreign key',
    alter: (refs: string) => `ADD FOREIGN KEY (ref) REFERENCES "${refs}" (id)`,
    change: { ref: 'nobody' },
    expected: [409, ['items[56].ref: refers to a record that does not exist']],
  },
  {
    name: 'a unique column, against a stored record',
    alter: () => 'ADD UNIQUE (n)',
    change: { n: -5 },
    expected: [409, ['items[56].n: the value already exists']],
  },
  {
    name: 'a unique column, against an earlier item',
    alter: () => 'ADD UNIQUE (n)',
    change: { n: 3 },
    expected: [409, ['items[56].n: the value already exists']],
  },
  {
    name: 'a check',
    alter: () => 'ADD CHECK (n < 1000)',
    change: { n: 1000 },
    expected: [400, ['items[56].n: the value is not allowed']],
  },
  {
    name: 'a not-null column',
    alter: () => 'ALTER COLUMN label SET NOT NULL',
    change: { label: undefined },
    expected: [400, ['items[56].label: a value is required']],
  },
] as const;

for (const [leg, open] of testDatabases()) {
  describe(`batch constraint errors on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    /** A table of `rows` with the constraint of `row`, a stored record `old` (n = -5), and a repository on it. */
    async function tableWith(alter: (refs: string) => string) {
      const table = uniqueTable('rows');
      const refs = `${table}_refs`;
      tables.push(table, refs);
      await db.exec(`CREATE TABLE "${refs}" (id text PRIMARY KEY); INSERT INTO "${refs}" VALUES ('someone')`);
      await db.exec(createTableSql(rows, { table }));
      await db.exec(`INSERT INTO "${table}" (id, n, label) VALUES ('old', -5, 'x')`);
      await db.exec(`ALTER TABLE "${table}" ${alter(refs)}`);
      const repository = createPostgresRepository(rows, { client: db.client, table });
      const total = async () => (await repository.list({ limit: 1 })).total;
      return { repository, total };
    }

    for (const row of CASES) {
      it(`names the 57th record of a createMany that breaks ${row.name}`, async () => {
        const { repository, total } = await tableWith(row.alter);
        const data = hundred();
        data[56] = { ...(data[56] as RowRecord), ...row.change };
        expect(await failureOf(repository.createMany?.(data))).toStrictEqual(row.expected);
        expect(await total()).toBe(1);
        // Inside a transaction: the same answer, and the transaction goes on.
        const after = await repository.transaction!(async (tx) => {
          const bound = tx.repository(repository);
          expect(await failureOf(bound.createMany?.(data))).toStrictEqual(row.expected);
          return bound.create({ id: 'later', n: 500, label: 'x' });
        });
        expect(after.id).toBe('later');
        expect(await total()).toBe(2);
      });

      // An update leaves an absent field as it is: no not-null case.
      it.skipIf(row.name.includes('not-null'))(
        `names the change of an updateMany that breaks ${row.name}`,
        async () => {
          const { repository, total } = await tableWith(row.alter);
          await repository.createMany?.(hundred().slice(0, 3));
          const changes = [
            { id: 'r001', patch: { n: 101 } },
            { id: 'r003', patch: { n: 103 } },
            { id: 'r002', patch: row.change as never },
          ];
          const expected = JSON.parse(JSON.stringify(row.expected).replaceAll('items[56]', 'items[2]')) as unknown;
          if (row.name.includes('earlier item')) changes[2] = { id: 'r002', patch: { n: 101 } as never };
          expect(await failureOf(repository.updateMany?.(changes))).toStrictEqual(expected);
          expect((await repository.get('r001')).n).toBe(1);
          expect(await total()).toBe(4);
        },
      );
    }
  });
}
