/**
 * Tables keyed by MariaDB's native `UUID` type and by `BINARY(16)` for the MariaDB tests of uuid keys, declared in
 * Drizzle as users do: `drizzle-orm/mysql-core` has no `uuid` builder, so a `customType` whose SQL type is `uuid`
 * (the uuid's text both ways), and a `customType` mapping the uuid's text to its 16 bytes and back. The tenant column
 * has the key's type; the index `(tenantId, createdAt DESC, id)` serves the scoped pages.
 */
import { customType, datetime, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { z } from 'zod';
import { defineResource } from '../../src/index';

/** A native MariaDB `UUID` column. */
export const uuid = customType<{ data: string; driverData: string }>({ dataType: () => 'uuid' });

/** The 16 bytes of a uuid's text. */
export const uuidToBytes = (text: string): Buffer => Buffer.from(text.replaceAll('-', ''), 'hex');

/** A `BINARY(16)` column holding a uuid: its text in the record, its bytes in the database. */
export const uuidBinary = customType<{ data: string; driverData: Buffer }>({
  dataType: () => 'binary(16)',
  toDriver: uuidToBytes,
  fromDriver: (bytes) => {
    const hex = Buffer.from(bytes).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
});

/** The key types under test, with their SQL type. */
export const KEY_TYPES = [
  { type: 'uuid', sql: 'UUID' },
  { type: 'binary', sql: 'BINARY(16)' },
] as const;

/** A key type under test. */
export type KeyType = (typeof KEY_TYPES)[number]['type'];

/** The record of the tables. */
export interface Entry {
  id: string;
  tenantId: string;
  title: string;
  createdAt: Date;
}

/** The resource of the tables: uuid ids and tenants. */
export const entries = defineResource({
  name: 'entries',
  schema: z.object({ id: z.uuid(), tenantId: z.uuid(), title: z.string().max(64), createdAt: z.date() }),
  filterable: ['id', 'tenantId', 'title'],
  sortable: ['createdAt', 'id', 'title'],
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

/** The name of the index of the scoped order. */
export const tenantIndex = (table: string) => `${table}_tenant_created`;

/** The DDL of `table` keyed by `sql`. */
export const keyTableSql = (table: string, sql: string) =>
  `CREATE TABLE \`${table}\` (\`id\` ${sql} PRIMARY KEY, \`tenantId\` ${sql} NOT NULL, ` +
  '`title` VARCHAR(64) NOT NULL, `createdAt` DATETIME(3) NOT NULL, ' +
  `INDEX \`${tenantIndex(table)}\` (\`tenantId\`, \`createdAt\` DESC, \`id\`)) DEFAULT CHARSET = utf8mb4`;

/** The Drizzle table `table` keyed by `type`. */
export function keyTable(table: string, type: KeyType) {
  const key = (column: string) => (type === 'uuid' ? uuid(column) : uuidBinary(column));
  return mysqlTable(table, {
    id: key('id').primaryKey(),
    tenantId: key('tenantId').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    createdAt: datetime('createdAt', { fsp: 3, mode: 'date' }).notNull(),
  });
}
