/**
 * `resourceFromTable` on a nullable column without a default, on every dialect: the database stores NULL when an
 * INSERT leaves it out, so a create may leave it out too (it was `note: the field is required`); a nullable column
 * with a default stays required in the schema (the repository's `databaseDefaults` let a create leave it out).
 */
import { sql } from 'drizzle-orm';
import { mysqlTable, text as mysqlText, varchar } from 'drizzle-orm/mysql-core';
import { pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { sqliteTable, text as sqliteText } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { validateCreate } from '../../src/kit/index';
import { createDrizzleRepository, resourceFromTable, type DrizzleTable } from '../../src/drizzle/index';
import { openSqlite } from './sqlite-legs';

const TABLES: readonly (readonly [string, DrizzleTable])[] = [
  [
    'PostgreSQL',
    pgTable('notes', { id: pgText('id').primaryKey(), note: pgText('note'), mood: pgText('mood').default('ok') }),
  ],
  [
    'SQLite',
    sqliteTable('notes', {
      id: sqliteText('id').primaryKey(),
      note: sqliteText('note'),
      mood: sqliteText('mood').default('ok'),
    }),
  ],
  [
    'MariaDB',
    mysqlTable('notes', {
      id: varchar('id', { length: 36 }).primaryKey(),
      note: mysqlText('note'),
      mood: varchar('mood', { length: 10 }).default(sql`'ok'`),
    }),
  ],
];

describe('resourceFromTable: a nullable column without a default', () => {
  it.each(TABLES)('is optional on create on %s', (_, table) => {
    const resource = resourceFromTable(table, { name: 'notes' });
    expect(validateCreate(resource, { id: 'n1' }, { databaseDefaults: ['mood'] })).toEqual({ id: 'n1' });
    expect(validateCreate(resource, { id: 'n1', note: null }, { databaseDefaults: ['mood'] })).toEqual({
      id: 'n1',
      note: null,
    });
    expect(resource.fields.get('note')?.nullable).toBe(true);
    // With a default it stays in the schema: only the repository's databaseDefaults let a create leave it out.
    expect(() => validateCreate(resource, { id: 'n1' })).toThrow(/mood: the field is required/);
  });

  it('creates a record without it through createDrizzleRepository on SQLite, read back as null', async () => {
    const leg = await openSqlite();
    try {
      await leg.exec('CREATE TABLE "notes" ("id" TEXT PRIMARY KEY, "note" TEXT, "mood" TEXT DEFAULT \'ok\')');
      const table = TABLES[1]?.[1] as DrizzleTable;
      const repository = createDrizzleRepository(resourceFromTable(table, { name: 'notes' }), {
        db: leg.db,
        table,
      });
      expect(await repository.create({ id: 'n1' } as never)).toEqual({ id: 'n1', note: null, mood: 'ok' });
    } finally {
      leg.close();
    }
  });
});
