import pg from 'pg';
import type { Repository } from 'pagelope';
import { createPostgresRepository, createTableSql, type SqlClient } from 'pagelope/postgres';
import { seedUsers } from '../examples/shared/seed';
import { users, type User } from '../examples/shared/users';

/** The soak's own seeded PostgreSQL table, behind a pool that survives terminated connections. */
export interface SoakPostgresStore {
  readonly repository: Repository<User>;
  readonly description: string;
  /** How many `'error'` events the pool emitted, and their messages (first 10). */
  readonly poolErrors: { count: number; readonly messages: string[] };
  close(): Promise<void>;
}

/**
 * Like `openPostgresDemoStore` of the examples, with two differences the soak needs: its own table and
 * `application_name` (so terminating its connections touches no other client of the database), and a pool
 * `'error'` listener. node-postgres emits `'error'` on the pool when an idle client loses its connection; with no
 * listener that event is thrown and ends the process.
 */
export async function openSoakPostgresStore(
  count: number,
  options: { readonly url: string; readonly table: string; readonly applicationName: string },
): Promise<SoakPostgresStore> {
  const { url, table, applicationName } = options;
  const pool = new pg.Pool({ connectionString: url, application_name: applicationName, max: 10 });
  const poolErrors = { count: 0, messages: [] as string[] };
  pool.on('error', (error) => {
    poolErrors.count++;
    if (poolErrors.messages.length < 10) poolErrors.messages.push(error.message);
  });
  const client = pool as unknown as SqlClient;
  await client.query(`DROP TABLE IF EXISTS "${table}"`);
  for (const statement of createTableSql(users, { table }).split(';\n')) await client.query(statement);
  const repository = createPostgresRepository(users, { client, table });
  for (const user of seedUsers(count)) await repository.create(user);
  return {
    repository,
    description: `PostgreSQL at ${new URL(url).host}, table ${table}`,
    poolErrors,
    close: async () => {
      await client.query(`DROP TABLE IF EXISTS "${table}"`).catch(() => undefined);
      await pool.end();
    },
  };
}
