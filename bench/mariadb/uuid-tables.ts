/**
 * The two tables of the MariaDB UUID-key benchmark (bench/mariadb/uuid-keys.ts), declared in Drizzle as a team would:
 * one keyed by MariaDB's native `UUID` type (10.7 and later; `drizzle-orm/mysql-core` has no builder for it, so a
 * `customType` whose SQL type is `uuid`, the value a string both ways), one keyed by `BINARY(16)` (a `customType`
 * mapping the uuid text to its 16 bytes and back). The tenant column is of the key's type as well; each table has an
 * index `(tenantId, createdAt DESC, id)` and is filled once by SQL (`seq_0_to_N` of the Sequence engine).
 */
import { customType, datetime, double, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import type mysql from 'mysql2/promise';
import { z } from 'zod';
import { defineResource } from 'pagelope';
import { log } from '../postgres/log';

/** A native MariaDB `UUID` column: the uuid text as it is, both ways. */
export const uuid = customType<{ data: string; driverData: string }>({ dataType: () => 'uuid' });

/** The 16 bytes of a uuid's text (`'0189…-…'`), as a BINARY(16) column holds them. */
export const uuidToBytes = (text: string): Buffer => Buffer.from(text.replaceAll('-', ''), 'hex');

/** The uuid text of 16 bytes, lower-case with its four dashes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A `BINARY(16)` column holding a uuid: the uuid text in the record, its 16 bytes in the database. */
export const uuidBinary = customType<{ data: string; driverData: Buffer }>({
  dataType: () => 'binary(16)',
  toDriver: uuidToBytes,
  fromDriver: uuidFromBytes,
});

/** The key types of the benchmark. */
export type KeyType = 'uuid' | 'binary';

/** The measured tenant (half of the rows) and the four others. */
export const TENANT = '7e57a000-0000-4000-8000-000000000000';
const OTHER_TENANT = (k: number) => `7e57a000-0000-4000-8000-00000000000${k + 1}`;

/** The table named `name` of key type `type`, as Drizzle declares it. */
export function keyTable(name: string, type: KeyType) {
  const key = (column: string) => (type === 'uuid' ? uuid(column) : uuidBinary(column));
  return mysqlTable(name, {
    id: key('id').primaryKey(),
    tenantId: key('tenantId').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    amount: double('amount').notNull(),
    createdAt: datetime('createdAt', { fsp: 3, mode: 'date' }).notNull(),
  });
}

/** The resource of both tables: uuid text ids and tenants, newest first. */
export const records = defineResource({
  name: 'records',
  schema: z.object({
    id: z.uuid(),
    tenantId: z.uuid(),
    title: z.string().max(100),
    status: z.enum(['open', 'closed', 'pending']),
    amount: z.number(),
    createdAt: z.date(),
  }),
  filterable: ['id', 'tenantId', 'status'],
  sortable: ['createdAt', 'id'],
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

/** The index the keyset pages of one tenant read. */
export const indexName = (table: string) => `${table}_tenant_created`;

/** SQL of row `n`'s uuid: an MD5 of `n` shaped as a version 4 uuid. */
const UUID_OF_N =
  "CONCAT(SUBSTR(h, 1, 8), '-', SUBSTR(h, 9, 4), '-4', SUBSTR(h, 14, 3), '-', " +
  "SUBSTR('89ab', 1 + CONV(SUBSTR(h, 17, 1), 16, 10) % 4, 1), SUBSTR(h, 18, 3), '-', SUBSTR(h, 21, 12))";

/**
 * Creates and fills `table` with `rows` rows unless it holds them already (or `rebuild`): even rows in {@link TENANT},
 * odd ones spread over four others; two rows of the tenant share each `createdAt` (ties the id breaks).
 */
export async function ensureKeyTable(
  pool: mysql.Pool,
  table: string,
  type: KeyType,
  options: { readonly rows: number; readonly rebuild: boolean },
): Promise<void> {
  const { rows, rebuild } = options;
  const [found] = await pool.query<mysql.RowDataPacket[]>(
    'SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [table],
  );
  if (!rebuild && Number(found[0]?.n) === 1) {
    const [counted] = await pool.query<mysql.RowDataPacket[]>(`SELECT count(*) AS n FROM \`${table}\``);
    if (Number(counted[0]?.n) === rows) return log(`reusing ${table} (--rebuild reloads it)`);
  }
  const started = performance.now();
  log(`building ${table} with ${rows.toLocaleString('en-US')} rows...`);
  const sqlType = type === 'uuid' ? 'UUID' : 'BINARY(16)';
  const toKey = (text: string) => (type === 'uuid' ? text : `UNHEX(REPLACE(${text}, '-', ''))`);
  await pool.query(`DROP TABLE IF EXISTS \`${table}\``);
  await pool.query(
    `CREATE TABLE \`${table}\` (\`id\` ${sqlType} PRIMARY KEY, \`tenantId\` ${sqlType} NOT NULL, ` +
      '`title` VARCHAR(100) NOT NULL, `status` VARCHAR(16) NOT NULL, `amount` DOUBLE NOT NULL, ' +
      '`createdAt` DATETIME(3) NOT NULL, ' +
      `INDEX \`${indexName(table)}\` (\`tenantId\`, \`createdAt\` DESC, \`id\`)) DEFAULT CHARSET = utf8mb4`,
  );
  const tenant = `IF(seq % 2 = 0, '${TENANT}', ELT(1 + (seq DIV 2) % 4, ${[0, 1, 2, 3].map((k) => `'${OTHER_TENANT(k)}'`).join(', ')}))`;
  await pool.query(
    `INSERT INTO \`${table}\` SELECT ${toKey(UUID_OF_N)}, ${toKey(tenant)}, CONCAT('record ', seq), ` +
      `ELT(1 + seq % 3, 'open', 'closed', 'pending'), seq % 1000, ` +
      `TIMESTAMP'2024-01-01 00:00:00' + INTERVAL (seq DIV 4) * 250000 MICROSECOND ` +
      `FROM (SELECT seq, MD5(CONCAT('row ', seq)) AS h FROM seq_0_to_${rows - 1}) AS n`,
  );
  await pool.query(`ANALYZE TABLE \`${table}\``);
  log(`  ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
