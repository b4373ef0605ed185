import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { drizzle as drizzleSqlJs } from 'drizzle-orm/sql-js';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { drizzleClientOf } from '../../../src/drizzle/sql/index';

describe('drizzleClientOf', () => {
  it('returns the client a Drizzle database was made on', () => {
    const client = createClient({ url: ':memory:' });
    try {
      expect(drizzleClientOf(drizzleLibsql(client))).toBe(client);
    } finally {
      client.close();
    }
  });

  it('returns undefined for a database that keeps no $client (sql.js)', async () => {
    const SQL = await initSqlJs();
    const database = new SQL.Database();
    expect(drizzleClientOf(drizzleSqlJs(database))).toBeUndefined();
    database.close();
  });
});
