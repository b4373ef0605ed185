/**
 * A batch update on PostgreSQL is one `UPDATE ... FROM unnest(...)` when its changes set the same fields of distinct
 * records, counted by the database itself (a statement-level trigger): the service's batch soft delete and batch
 * update of 50 records of a uuid-keyed, versioned, tenant-scoped table are one UPDATE each. The answers are those of
 * the changes one by one: a version moved since the read is the service's 409, an id outside the scope the 404 of
 * that id, a constraint broken by the eighth change names `items[7]`, and nothing of a failed batch is written (inside
 * a transaction, only the batch is undone). Every column type round-trips as the same updates one by one leave it (a
 * property test). On PGlite, and on the server when DATABASE_URL is set.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError } from '../../src/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { DATABASE_URL, testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const items = defineResource({
  name: 'items',
  schema: z.object({
    id: z.uuid(),
    tenant: z.string(),
    title: z.string(),
    qty: z.number().int(),
    price: z.number(),
    due: z.iso.date().nullable(),
    at: z.date().nullable(),
    done: z.boolean(),
    owner: z.uuid().nullable(),
    note: z.string().nullable(),
    deletedAt: z.date().nullable(),
    version: z.number().int(),
  }),
  clientIds: true,
  readOnly: ['tenant'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
});
type Item = z.output<typeof items.schema>;

const uuidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A stored owner whose id has letters, given in either case. */
const OWNER = 'abcdef00-0000-4000-8000-00000000beef';

/** The fields a change may set, with what each holds: one of each column type the statement binds. */
const PATCHABLE = {
  title: fc.string({ maxLength: 12 }),
  qty: fc.integer({ min: -1000, max: 999 }),
  price: fc.integer({ min: -99_999, max: 99_999 }).map((cents) => cents / 100),
  due: fc.option(
    fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    { nil: null },
  ),
  at: fc.option(
    fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
    { nil: null },
  ),
  done: fc.boolean(),
  owner: fc.option(fc.constantFrom(uuidOf(900), OWNER, OWNER.toUpperCase()), {
    nil: null,
  }),
  note: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
} as const;

/** `count` records of tenant t1 (and, from `others` on, of t2). */
const recordsOf = (count: number, others = count): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    id: uuidOf(i + 1),
    tenant: i < others ? 't1' : 't2',
    title: `item ${i + 1}`,
    qty: i + 1,
    price: 1.5,
    due: '2024-02-29',
    at: new Date('2024-01-01T10:00:00Z'),
    done: false,
    owner: null,
    note: null,
    deletedAt: null,
    version: 1,
  }));

/** The status and messages of the error `promise` rejects with, or `'resolved'`. */
const failureOf = (promise: Promise<unknown> | undefined) =>
  (promise ?? Promise.resolve()).then(
    () => 'resolved',
    (error: unknown) => (isHttpError(error) ? [error.statusCode, error.message] : String(error)),
  );

const t1 = { locals: { tenant: 't1' } };

if (!DATABASE_URL) console.warn('bulk-update: DATABASE_URL is not set; the PostgreSQL server leg is skipped');

for (const [leg, open] of testDatabases()) {
  describe(`bulk updateMany on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    const functions: string[] = [];
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      // The counters' trigger functions outlive their tables on the server.
      for (const name of functions) await db.exec(`DROP FUNCTION IF EXISTS "${name}"() CASCADE`);
      await db.close();
    }, 120_000);

    /** A table of `items` holding `records`, whose UPDATE statements are counted, and a repository and service on it. */
    async function itemsTable(records: readonly Item[], extra = '') {
      const table = uniqueTable('bulk_items');
      const owners = `${table}_owners`;
      const counter = `${table}_count`;
      tables.push(table, owners, counter);
      functions.push(`${counter}_up`);
      await db.exec(`
        CREATE TABLE "${owners}" (id uuid PRIMARY KEY);
        INSERT INTO "${owners}" VALUES ('${uuidOf(900)}'), ('${OWNER}');
        CREATE TABLE "${table}" (
          id uuid PRIMARY KEY, tenant text NOT NULL, title text NOT NULL, qty integer NOT NULL,
          price numeric(12, 2) NOT NULL, due date, at timestamptz, done boolean NOT NULL,
          owner uuid REFERENCES "${owners}" (id), note text, "deletedAt" timestamptz, version integer NOT NULL
        );
        CREATE TABLE "${counter}" (n integer NOT NULL);
        INSERT INTO "${counter}" VALUES (0);
        CREATE FUNCTION "${counter}_up"() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN UPDATE "${counter}" SET n = n + 1; RETURN NULL; END $$;
        CREATE TRIGGER "${counter}_t" AFTER UPDATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "${counter}_up"();
      `);
      if (extra) await db.exec(`ALTER TABLE "${table}" ${extra}`);
      const repository = createPostgresRepository(items, { client: db.client, table });
      if (records.length > 0) await repository.createMany?.(records);
      const service = createResourceService({
        resource: items,
        repository,
        scope: ({ locals }: { locals: { tenant?: unknown } }) => ({ tenant: String(locals.tenant) }),
      });
      const updates = async () => {
        const { rows } = await db.client.query(`SELECT n FROM "${counter}"`, []);
        return Number(rows[0]?.['n']);
      };
      const stored = async () =>
        (await repository.list({ limit: 100, orderBy: [{ field: 'id', direction: 'asc' }] })).items;
      return { repository, service, updates, stored, table };
    }

    it('soft-deletes 50 records of the service with one UPDATE, in the order given', async () => {
      const { service, updates, stored } = await itemsTable(recordsOf(50));
      const ids = recordsOf(50)
        .map((record) => record.id)
        .reverse();
      const removed = (await service.deleteMany(ids, t1)) as Item[];
      expect(removed.map((record) => [record.id, record.version, record.deletedAt instanceof Date])).toStrictEqual(
        ids.map((id) => [id, 2, true]),
      );
      expect(await updates()).toBe(1);
      expect((await stored()).every((record) => record.deletedAt instanceof Date && record.version === 2)).toBe(true);
    });

    it('soft-deletes with one UPDATE when a unique index holds only the records not deleted', async () => {
      const { table, service, updates, stored } = await itemsTable(recordsOf(10));
      await db.exec(`CREATE UNIQUE INDEX "${table}_live" ON "${table}" (title) WHERE "deletedAt" IS NULL`);
      const ids = recordsOf(10).map((record) => record.id);
      expect(((await service.deleteMany(ids, t1)) as Item[]).map((record) => record.id)).toStrictEqual(ids);
      expect(await updates()).toBe(1);
      expect((await stored()).every((record) => record.deletedAt instanceof Date)).toBe(true);
    });

    it('updates 50 records of the service that change the same fields with one UPDATE', async () => {
      const { service, updates, stored } = await itemsTable(recordsOf(50));
      const changes = recordsOf(50).map((record, i) => ({ id: record.id, title: `new ${i}`, qty: i * 2 }));
      const updated = (await service.updateMany(changes, t1)) as Item[];
      expect(updated.map((record) => [record.title, record.qty, record.version])).toStrictEqual(
        changes.map((change) => [change.title, change.qty, 2]),
      );
      expect(await updates()).toBe(1);
      expect((await stored()).map((record) => record.title)).toStrictEqual(changes.map((change) => change.title));
    });

    it('updates a batch whose changes set different fields one change at a time', async () => {
      const { repository, updates, stored } = await itemsTable(recordsOf(3));
      const updated = await repository.updateMany?.([
        { id: uuidOf(1), patch: { title: 'one' } },
        { id: uuidOf(2), patch: { qty: 20 } },
        { id: uuidOf(3), patch: { title: 'three', done: true } },
      ]);
      expect(updated?.map((record) => [record.title, record.qty, record.done])).toStrictEqual([
        ['one', 1, false],
        ['item 2', 20, false],
        ['three', 3, true],
      ]);
      expect(await updates()).toBe(3);
      expect((await stored()).map((record) => record.title)).toStrictEqual(['one', 'item 2', 'three']);
    });

    it('answers the 409 of the service when a version moved between its read and the soft delete, changing nothing', async () => {
      const { service, stored, table } = await itemsTable(recordsOf(20));
      service.hooks.on('onBeforeDelete', async ({ id }) => {
        if (id === uuidOf(8)) await db.client.query(`UPDATE "${table}" SET version = 5 WHERE id = $1`, [id]);
      });
      const ids = recordsOf(20).map((record) => record.id);
      expect(await failureOf(service.deleteMany(ids, t1))).toStrictEqual([
        409,
        'a record of the batch changed while it was written; nothing was written',
      ]);
      const after = await stored();
      expect(after.every((record) => record.deletedAt === null)).toBe(true);
      expect(after.map((record) => record.version)).toStrictEqual(ids.map((id) => (id === uuidOf(8) ? 5 : 1)));
    });

    it('answers the 409 of the service when a version moved before a batch update, changing nothing', async () => {
      const { service, stored, table } = await itemsTable(recordsOf(20));
      service.hooks.on('onBeforeUpdate', async ({ id }) => {
        if (id === uuidOf(8)) await db.client.query(`UPDATE "${table}" SET version = 5 WHERE id = $1`, [id]);
      });
      const changes = recordsOf(20).map((record) => ({ id: record.id, title: 'changed' }));
      expect(await failureOf(service.updateMany(changes, t1))).toEqual([409, expect.any(String)]);
      expect((await stored()).every((record) => record.title !== 'changed')).toBe(true);
    });

    it('answers the 404 of the first id outside the scope, changing nothing', async () => {
      const { repository, stored } = await itemsTable(recordsOf(20, 15));
      const changes = recordsOf(20).map((record) => ({ id: record.id, patch: { title: 'changed' } }));
      const single = await failureOf(repository.update(uuidOf(16), { title: 'x' }, { scope: { tenant: 't1' } }));
      expect(single).toEqual([404, expect.any(String)]);
      expect(await failureOf(repository.updateMany?.(changes, { scope: { tenant: 't1' } }))).toStrictEqual(single);
      expect((await stored()).every((record) => record.title !== 'changed')).toBe(true);
    });

    it('answers the 400 of a check broken by the eighth change, naming items[7], changing nothing', async () => {
      const { repository, stored } = await itemsTable(recordsOf(20), 'ADD CHECK (qty < 1000)');
      const changes = recordsOf(20).map((record, i) => ({ id: record.id, patch: { qty: i === 7 ? 1000 : 500 } }));
      expect(await failureOf(repository.updateMany?.(changes))).toStrictEqual([
        400,
        ['items[7].qty: the value is not allowed'],
      ]);
      expect((await stored()).map((record) => record.qty)).toStrictEqual(recordsOf(20).map((record) => record.qty));
    });

    it('answers the 409 of a foreign key broken by the eighth change, naming items[7], changing nothing', async () => {
      const { repository, stored } = await itemsTable(recordsOf(20));
      const changes = recordsOf(20).map((record, i) => ({
        id: record.id,
        patch: { owner: i === 7 ? uuidOf(999) : uuidOf(900) },
      }));
      expect(await failureOf(repository.updateMany?.(changes))).toStrictEqual([
        409,
        ['items[7].owner: refers to a record that does not exist'],
      ]);
      expect((await stored()).every((record) => record.owner === null)).toBe(true);
    });

    it('applies changes one by one when a unique index reads a field they set, as their order decides', async () => {
      // The second record stored first: an UPDATE that reads the table in storage order changes it first.
      const { repository, updates, stored } = await itemsTable(recordsOf(2).reverse(), 'ADD UNIQUE (qty)');
      // Together the values fit; one by one, the first change meets the second record's value.
      const changes = [
        { id: uuidOf(1), patch: { qty: 2 } },
        { id: uuidOf(2), patch: { qty: 3 } },
      ];
      expect(await failureOf(repository.updateMany?.(changes))).toStrictEqual([
        409,
        ['items[0].qty: the value already exists'],
      ]);
      expect((await stored()).map((record) => record.qty)).toStrictEqual([1, 2]);
      await repository.updateMany?.(changes.reverse());
      expect(await updates()).toBe(2);
    });

    it('leaves the earlier writes of a transaction in place when a batch in it fails', async () => {
      const { repository, stored } = await itemsTable(recordsOf(10), 'ADD CHECK (qty < 1000)');
      const changes = recordsOf(10).map((record, i) => ({ id: record.id, patch: { qty: i === 7 ? 1000 : 500 } }));
      const outcome = await repository.transaction!(async (tx) => {
        const bound = tx.repository(repository);
        await bound.update(uuidOf(1), { title: 'kept' });
        const failed = await failureOf(bound.updateMany?.(changes));
        const missing = await failureOf(bound.updateMany?.([changes[0]!, { id: uuidOf(77), patch: { qty: 1 } }]));
        return [failed, missing];
      });
      expect(outcome).toEqual([
        [400, ['items[7].qty: the value is not allowed']],
        [404, expect.any(String)],
      ]);
      const after = await stored();
      expect(after.map((record) => [record.title, record.qty])).toStrictEqual(
        recordsOf(10).map((record, i) => [i === 0 ? 'kept' : record.title, record.qty]),
      );
    });

    it('leaves every column as the same updates one by one leave it', async () => {
      const keys = Object.keys(PATCHABLE) as (keyof typeof PATCHABLE)[];
      const batch = fc
        .tuple(
          fc.subarray(keys, { minLength: 1 }),
          fc.shuffledSubarray(
            recordsOf(8).map((record) => record.id),
            { minLength: 2 },
          ),
        )
        .chain(([fields, ids]) =>
          fc.tuple(
            ...ids.map((id) =>
              fc.record(Object.fromEntries(fields.map((field) => [field, PATCHABLE[field]]))).map((patch) => ({
                id,
                patch: patch as Partial<Item>,
              })),
            ),
          ),
        );
      const bulk = await itemsTable([]);
      const oneByOne = await itemsTable([]);
      await fc.assert(
        fc.asyncProperty(batch, async (changes) => {
          for (const { table } of [bulk, oneByOne]) await db.exec(`DELETE FROM "${table}"`);
          await bulk.repository.createMany?.(recordsOf(8));
          await oneByOne.repository.createMany?.(recordsOf(8));
          const before = await bulk.updates();
          const updated = await bulk.repository.updateMany?.(changes);
          const expected = [];
          for (const change of changes) expected.push(await oneByOne.repository.update(change.id, change.patch));
          expect(updated).toStrictEqual(expected);
          expect(await bulk.stored()).toStrictEqual(await oneByOne.stored());
          expect((await bulk.updates()) - before).toBe(1);
        }),
        { numRuns: 25 },
      );
    }, 120_000);
  });
}
