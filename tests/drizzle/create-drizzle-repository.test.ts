/**
 * `createDrizzleRepository` beyond the repository contract (drizzle-repository.test.ts): fields on columns named
 * otherwise, database defaults, statements and transactions through the Drizzle database, timestamps read as text,
 * and the TypeErrors. On PGlite, and on the server when DATABASE_URL is set (there also on one `pg.Client`).
 */
import { asc } from 'drizzle-orm';
import { singlestoreTable, text as singlestoreText } from 'drizzle-orm/singlestore-core';
import { pgSchema, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createDrizzleRepository, resourceFromTable } from '../../src/drizzle/index';
import { DATABASE_URL, uniqueTable } from '../postgres/pg-clients';
import { describeDrizzleLegs } from './drizzle-legs';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), body: z.string(), createdAt: z.date() }),
  filterable: ['body', 'createdAt'],
  sortable: ['createdAt'],
});

describe('createDrizzleRepository', () => {
  it('throws a TypeError naming a field that has no column in the table', () => {
    const table = pgTable('notes', { id: text('id'), body: text('note_body') });
    expect(() => createDrizzleRepository(notes, { db: {} as never, table })).toThrow(TypeError);
    expect(() => createDrizzleRepository(notes, { db: {} as never, table })).toThrow(
      /field "createdAt" of "notes" has no column in table "notes"/,
    );
  });

  it.each([
    [
      'singlestore-core',
      singlestoreTable('notes', { id: singlestoreText('id'), body: singlestoreText('body') }),
      /drizzle-orm\/singlestore-core .* not supported yet/,
    ],
  ])('throws a TypeError saying a %s table is not supported yet', (_dialect, table, message) => {
    expect(() => createDrizzleRepository(notes, { db: {} as never, table: table as never })).toThrow(TypeError);
    expect(() => createDrizzleRepository(notes, { db: {} as never, table: table as never })).toThrow(message);
  });

  it.each([undefined, {}, 'notes'])('throws a TypeError for %j, which is no Drizzle table', (table) => {
    expect(() => createDrizzleRepository(notes, { db: {} as never, table: table as never })).toThrow(
      /table must be a Drizzle table/,
    );
  });
});

describeDrizzleLegs((name, _makeRepository, leg) => {
  const made: string[] = [];
  afterAll(async () => {
    const { database } = leg();
    for (const statement of made.reverse()) await database.exec(statement);
  });

  /** A table `tasks_<n>` with snake_case columns, database defaults and a serial, made by hand, and its Drizzle twin. */
  const tasksTable = async (schema?: string) => {
    const { database } = leg();
    const tableName = uniqueTable('dz_tasks');
    const qualified = schema === undefined ? `"${tableName}"` : `"${schema}"."${tableName}"`;
    await database.exec(
      `CREATE TABLE ${qualified} (task_id uuid PRIMARY KEY DEFAULT gen_random_uuid(), task_title varchar(40) NOT NULL, ` +
        'created_at timestamptz NOT NULL DEFAULT now(), task_rank serial NOT NULL, owner_note text)',
    );
    made.push(`DROP TABLE IF EXISTS ${qualified}`);
    const columns = {
      id: uuid('task_id').primaryKey().defaultRandom(),
      title: varchar('task_title', { length: 40 }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      rank: serial('task_rank'),
      ownerNote: text('owner_note'),
    };
    return schema === undefined ? pgTable(tableName, columns) : pgSchema(schema).table(tableName, columns);
  };

  describe(`on ${name}`, () => {
    it('maps fields to columns by property name and fills the columns with database defaults', async () => {
      const table = await tasksTable();
      const tasks = resourceFromTable(table, { name: 'tasks', filterable: ['title'], sortable: ['rank'] });
      const repository = createDrizzleRepository(tasks, { db: leg().db, table });
      expect([...(repository.databaseDefaults ?? [])].sort()).toEqual(['createdAt', 'id', 'rank']);
      const before = Date.now();
      const created = await repository.create({ title: 'write docs', ownerNote: null } as never);
      expect(created).toMatchObject({ title: 'write docs', ownerNote: null, rank: 1 });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.createdAt).toBeInstanceOf(Date);
      expect(created.createdAt.getTime()).toBeGreaterThan(before - 60_000);
      await repository.create({ title: 'review', ownerNote: 'soon' } as never);
      // Drizzle's own query builder reads the same rows.
      const rows = await leg().db.select().from(table).orderBy(asc(table.rank));
      expect(rows.map((row) => row.title)).toEqual(['write docs', 'review']);
      const page = await repository.list({ where: { title: { eq: 'review' } } });
      expect(page.items.map((item) => item.ownerNote)).toEqual(['soon']);
    });

    it('turns a value too long for a varchar column into a 400 naming the field', async () => {
      const table = await tasksTable();
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db: leg().db, table });
      await expect(repository.create({ title: 'x'.repeat(41), ownerNote: null } as never)).rejects.toMatchObject({
        statusCode: 400,
      });
    });

    it('reads timestamps Drizzle leaves as text as the instants they name, far years and microseconds too', async () => {
      const table = await tasksTable();
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db: leg().db, table });
      for (const iso of ['0099-03-04T05:06:07.008Z', '2024-05-06T07:08:09.010Z', '9999-12-31T23:59:59.999Z']) {
        const created = await repository.create({ title: iso, ownerNote: null, createdAt: new Date(iso) } as never);
        expect((await repository.get(created.id)).createdAt.toISOString()).toBe(iso);
      }
    });

    it('works on a table of another schema', async () => {
      const schema = uniqueTable('dz_schema');
      await leg().database.exec(`CREATE SCHEMA "${schema}"`);
      made.push(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      const table = await tasksTable(schema);
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db: leg().db, table });
      const created = await repository.create({ title: 'elsewhere', ownerNote: null } as never);
      expect(await repository.get(created.id)).toEqual(created);
    });

    it("names the columns of properties declared without names by the database's casing", async () => {
      const tableName = uniqueTable('dz_cased');
      await leg().database.exec(`CREATE TABLE "${tableName}" (id text PRIMARY KEY, created_at timestamptz NOT NULL)`);
      made.push(`DROP TABLE IF EXISTS "${tableName}"`);
      const table = pgTable(tableName, {
        id: text().primaryKey(),
        createdAt: timestamp({ withTimezone: true }).notNull(),
      });
      const db = leg().drizzleWith({ casing: 'snake_case' });
      const dated = defineResource({ name: 'dated', schema: z.object({ id: z.string(), createdAt: z.date() }) });
      const records = createDrizzleRepository(dated, { db, table });
      await records.create({ id: 'a', createdAt: new Date(0) });
      expect(await records.get('a')).toEqual({ id: 'a', createdAt: new Date(0) });
    });

    it("runs its statements through the Drizzle database, and a transaction's on its tx", async () => {
      const table = await tasksTable();
      const logged: string[] = [];
      const db = leg().drizzleWith({ logger: { logQuery: (query) => void logged.push(query) } });
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db, table });
      await repository.create({ title: 'logged', ownerNote: null } as never);
      expect(logged.some((query) => query.startsWith('INSERT INTO'))).toBe(true);
      logged.length = 0;
      await repository.transaction!(async (tx) => {
        await tx.repository(repository).create({ title: 'in tx', ownerNote: null } as never);
      });
      // On PGlite, Drizzle has PGlite's own transaction() run BEGIN and COMMIT, which its logger does not see.
      if (name !== 'PGlite') expect([logged[0], logged.at(-1)]).toEqual(['begin', 'commit']);
      expect(logged.some((query) => query.startsWith('INSERT INTO'))).toBe(true);
      expect((await repository.list({ where: { title: { eq: 'in tx' } } })).items).toHaveLength(1);
    });

    it('rolls back everything a transaction wrote when its work throws', async () => {
      const table = await tasksTable();
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db: leg().db, table });
      const failure = new Error('no');
      await expect(
        repository.transaction!(async (tx) => {
          await tx.repository(repository).create({ title: 'gone', ownerNote: null } as never);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect((await repository.list({})).items).toEqual([]);
    });

    it('rolls back with an error a transaction whose work went on after a statement failed', async () => {
      const table = await tasksTable();
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'tasks' }), { db: leg().db, table });
      await expect(
        repository.transaction!(async (tx) => {
          await tx.repository(repository).create({ title: 'gone', ownerNote: null } as never);
          await tx.query!('SELECT 1 / 0').catch(() => undefined);
        }),
      ).rejects.toThrow(/rolled back/);
      expect((await repository.list({})).items).toEqual([]);
    });

    it('keeps statements outside a transaction out of it, and joins two tables in one', async () => {
      const first = await tasksTable();
      const second = await tasksTable();
      const db = leg().db;
      const a = createDrizzleRepository(resourceFromTable(first, { name: 'tasks' }), { db, table: first });
      const b = createDrizzleRepository(resourceFromTable(second, { name: 'tasks' }), { db, table: second });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = a.transaction!(async (tx) => {
        await tx.repository(a).create({ title: 'a', ownerNote: null } as never);
        await tx.repository(b).create({ title: 'b', ownerNote: null } as never);
        await held;
        throw new Error('undo');
      }).catch((error: unknown) => error);
      // Not on PGlite, which holds every other statement back until the transaction ends.
      if (name !== 'PGlite') expect((await b.list({})).items).toEqual([]);
      release();
      expect(await transaction).toEqual(new Error('undo'));
      expect((await a.list({})).items).toEqual([]);
      expect((await b.list({})).items).toEqual([]);
    });
  });
});

describe.runIf(DATABASE_URL)('createDrizzleRepository on one pg.Client (the server)', () => {
  let client: pg.Client;
  const tableName = uniqueTable('dz_single');
  beforeAll(async () => {
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`CREATE TABLE "${tableName}" (id text PRIMARY KEY, note_body text NOT NULL)`);
  });
  afterAll(async () => {
    await client.query(`DROP TABLE IF EXISTS "${tableName}"`);
    await client.end();
  });

  it("holds the repositories' other statements back until a transaction ends, so none runs inside it", async () => {
    const table = pgTable(tableName, { id: text('id').primaryKey(), body: text('note_body').notNull() });
    const resource = resourceFromTable(table, { name: 'single' });
    const repository = createDrizzleRepository(resource, { db: drizzleNodePg(client), table });
    expect((await repository.list({})).items).toEqual([]); // the catalog read: the create below is one statement
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = repository.transaction!(async (tx) => {
      await tx.repository(repository).create({ id: 'in', body: 'rolled back' });
      entered();
      await held;
      throw new Error('undo');
    }).catch((error: unknown) => error);
    await inside;
    const outside = repository.create({ id: 'out', body: 'kept' });
    // Time for the create to reach the connection, were it not held back: inside the transaction, it would be undone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await transaction).toEqual(new Error('undo'));
    await outside;
    expect((await repository.list({})).items).toEqual([{ id: 'out', body: 'kept' }]);
  });
});
