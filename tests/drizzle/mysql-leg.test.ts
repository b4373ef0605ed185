/** The MariaDB leg's tables: the SQL table it makes and the Drizzle table it declares are one table. */
import { eq, getTableColumns, type Column } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import type { Resource } from 'pagelope/kit';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, mysqlTableOf, mysqlTableSql, openMysql, type MysqlLeg } from './mysql-leg';

const things = defineResource({
  name: 'things',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    rank: z.number().nullable(),
    done: z.boolean(),
    at: z.date(),
    day: z.iso.date(),
    meta: z.json(),
  }),
}) as unknown as Resource;

describe.skipIf(!MYSQL_URL)('mysqlTableOf', () => {
  let leg: MysqlLeg | undefined;
  const table = uniqueTable('leg_things');
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
    await leg.exec(mysqlTableSql(things, table));
  });
  afterAll(async () => {
    await leg?.dropTables([table]);
    await leg?.close();
  });

  it('declares the table the leg makes: a row Drizzle writes reads back through Drizzle', async () => {
    const { db } = leg as MysqlLeg;
    const drizzleTable = mysqlTableOf(things, table);
    const id = getTableColumns(drizzleTable)['id'] as Column;
    const row = {
      id: 'a😀',
      title: 'Ünïcødé',
      rank: null,
      done: true,
      at: new Date('2024-02-29T23:59:59.123Z'),
      day: '2024-02-29',
      meta: { list: [1, 'two', null] },
    };
    await db.insert(drizzleTable).values(row as never);
    expect(await db.select().from(drizzleTable).where(eq(id, 'a😀'))).toEqual([row]);
  });

  it('makes the id column binary and leaves the other text columns in the default collation', async () => {
    const [rows] = await (leg as MysqlLeg).pool.query(
      'SELECT column_name AS name, collation_name AS collation FROM information_schema.columns ' +
        'WHERE table_schema = DATABASE() AND table_name = ? AND collation_name IS NOT NULL ORDER BY ordinal_position',
      [table],
    );
    const collations = rows as { name: string; collation: string }[];
    expect(collations[0]).toEqual({ name: 'c_id', collation: 'utf8mb4_nopad_bin' });
    expect(collations.find(({ name }) => name === 'c_title')?.collation).not.toMatch(/_bin$/);
  });
});
