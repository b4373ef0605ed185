/**
 * Text operators (`cont`, `starts`, `ends` and their case-insensitive forms) on MariaDB uuid keys: on a native `UUID`
 * column in SQL (MariaDB compares its text), on a `BINARY(16)` column whose customType maps the text to bytes
 * evaluated over the uuid texts the repository reads (SQL cannot say them on the bytes), never a 500. Skipped
 * without MYSQL_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { entries, keyTable, keyTableSql, KEY_TYPES, type Entry } from './mysql-uuid-tables';

const TENANT = '7e57a000-0000-4000-8000-000000000001';
const IDS = [
  '0189abcd-0000-7000-8000-000000000001',
  '0189ffff-0000-7000-8000-0000000000ab',
  'abcd0000-0000-4000-8000-000000000002',
];

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB uuid keys: text operators', () => {
  let leg: MysqlLeg;
  const created: string[] = [];
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
  });
  afterAll(async () => {
    await leg.dropTables(created);
    await leg.close();
  });

  it.each(KEY_TYPES)('matches the uuid text of the ids on $sql', async ({ type, sql }) => {
    const name = uniqueTable(`uuid_text_${type}`);
    created.push(name);
    await leg.exec(keyTableSql(name, sql));
    const repository = createDrizzleRepository(entries, {
      db: leg.db,
      table: keyTable(name, type),
    }) as unknown as Repository<Entry>;
    for (const [i, id] of IDS.entries())
      await repository.create({ id, tenantId: TENANT, title: `t${i}`, createdAt: new Date(i * 1000) });
    const titles = async (query: string) =>
      (await repository.list(parseListQuery(`${query}&orderBy=title`, entries))).items.map((item) => item.title);
    expect(await titles('id[cont]=abcd')).toEqual(['t0', 't2']);
    expect(await titles('id[starts]=0189')).toEqual(['t0', 't1']);
    expect(await titles('id[ends]=ab')).toEqual(['t1']);
    expect(await titles('id[excl]=abcd')).toEqual(['t1']);
    expect(await titles('id[contl]=ABCD')).toEqual(['t0', 't2']);
    expect(await titles('id[cont]=zz')).toEqual([]);
    expect(await titles(`tenantId[starts]=7e57&id[cont]=ffff`)).toEqual(['t1']);
  });
});
