/**
 * The SQL clients the PostgreSQL adapter is tested on: embedded PGlite always, and the server named by DATABASE_URL
 * when it is set (CI sets it and fails when the server is unreachable, so that leg is never skipped silently).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SqlClient } from '../../src/postgres/index';

export interface TestDatabase {
  readonly name: string;
  readonly client: SqlClient;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPglite(): Promise<TestDatabase> {
  const db = await PGlite.create();
  return {
    name: 'PGlite',
    client: db as unknown as SqlClient,
    exec: async (sql) => void (await db.exec(sql)),
    close: () => db.close(),
  };
}

export async function openServer(url: string): Promise<TestDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await pool.query('SELECT 1'); // fail loudly, not skip, when the server is unreachable
  return {
    name: 'PostgreSQL server',
    client: pool as unknown as SqlClient,
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}

/** The databases of this run: PGlite, plus the server when DATABASE_URL is set. */
export const DATABASE_URL = process.env['DATABASE_URL'];

let counter = 0;
/** A table name no other test of this process uses. */
export function uniqueTable(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}`;
}
