/**
 * MariaDB's plans of the scoped keyset pages of `createDrizzleRepository` on tables keyed by the native `UUID` type
 * and by `BINARY(16)`: the first page and a page after a cursor of `createdAt DESC` (the id appended) within one
 * tenant read the index `(tenantId, createdAt DESC, id)` in its order, without a filesort, as the same pages written
 * by hand do. Skipped without MYSQL_URL.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { entries, keyTable, keyTableSql, KEY_TYPES, tenantIndex, uuidToBytes, type Entry } from './mysql-uuid-tables';

const TENANT = '7e57a000-0000-4000-8000-000000000001';
const ROWS = 4_000;

/** `EXPLAIN` of a statement as Drizzle's logger gave it (the `SET STATEMENT ... FOR` prefix left out). */
async function planOf(pool: mysql.Pool, query: string, params: unknown[]) {
  const select = query.replace(/^SET STATEMENT [\s\S]*? FOR (?=SELECT )/, '');
  const [rows] = await pool.query<mysql.RowDataPacket[]>(`EXPLAIN ${pool.format(select, params)}`);
  return rows.map((row) => ({ key: row['key'] as unknown, extra: String(row['Extra'] ?? '') }));
}

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB uuid keys: plans of the scoped keyset pages', () => {
  let leg: MysqlLeg;
  const created: string[] = [];
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
  });
  afterAll(async () => {
    await leg.dropTables(created);
    await leg.close();
  });

  it.each(KEY_TYPES)('reads the composite index without a filesort on $sql', async ({ type, sql }) => {
    const name = uniqueTable(`uuid_plan_${type}`);
    created.push(name);
    await leg.exec(keyTableSql(name, sql));
    const key = (text: string) => (type === 'uuid' ? `'${text}'` : `UNHEX(REPLACE('${text}', '-', ''))`);
    const other = '7e57a000-0000-4000-8000-000000000002';
    // Half of the rows in the tenant, two of its rows a createdAt; ids MD5s shaped as version 4 uuids.
    const uuid =
      "CONCAT_WS('-', SUBSTR(h, 1, 8), SUBSTR(h, 9, 4), CONCAT('4', SUBSTR(h, 14, 3)), CONCAT('8', SUBSTR(h, 18, 3)), SUBSTR(h, 21, 12))";
    await leg.exec(
      `INSERT INTO \`${name}\` SELECT ${type === 'uuid' ? uuid : `UNHEX(REPLACE(${uuid}, '-', ''))`}, ` +
        `IF(seq % 2 = 0, ${key(TENANT)}, ${key(other)}), CONCAT('t', seq), ` +
        `TIMESTAMP'2024-01-01 00:00:00' + INTERVAL (seq DIV 4) SECOND ` +
        `FROM (SELECT seq, MD5(seq) AS h FROM seq_0_to_${ROWS - 1}) AS n`,
    );
    await leg.exec(`ANALYZE TABLE \`${name}\``);
    const pages: { query: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => void pages.push({ query, params }) };
    const repository = createDrizzleRepository(entries, {
      db: drizzle({ client: leg.pool, logger }),
      table: keyTable(name, type),
    }) as unknown as Repository<Entry>;
    const input = { orderBy: [{ field: 'createdAt', direction: 'desc' }] as const, limit: 20 };
    const scope = { tenantId: TENANT };
    const first = await repository.listByCursor(input, { scope });
    const second = await repository.listByCursor({ ...input, cursor: first.nextCursor as string }, { scope });
    expect(second.items).toHaveLength(20);
    const statements = pages.filter((page) => / ORDER BY /.test(page.query));
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      expect(await planOf(leg.pool, statement.query, statement.params)).toEqual([
        { key: tenantIndex(name), extra: expect.not.stringContaining('filesort') as unknown },
      ]);
    }
    expect(statements[1]?.query).toMatch(/ORDER BY `createdAt` DESC, `id` ASC LIMIT/);
    // The same page by hand reads the index so too (the server's plan, not the data, decides above).
    const bound = (text: string) => (type === 'uuid' ? text : uuidToBytes(text));
    const last = first.items.at(-1) as Entry;
    expect(
      await planOf(
        leg.pool,
        `SELECT * FROM \`${name}\` WHERE tenantId = ? AND (createdAt < ? OR (createdAt = ? AND id > ?)) ` +
          'ORDER BY createdAt DESC, id LIMIT 21',
        [bound(TENANT), last.createdAt, last.createdAt, bound(last.id)],
      ),
    ).toEqual([{ key: tenantIndex(name), extra: expect.not.stringContaining('filesort') as unknown }]);
  });
});
