import type { Repository } from 'pagelope';
import { createPostgresRepository, createTableSql, type SqlClient } from 'pagelope/postgres';
import { seedUsers } from './seed';
import { users, type User } from './users';

/** A seeded PostgreSQL repository for the demo, and how to release it. */
export interface PostgresDemoStore {
  readonly repository: Repository<User>;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * The demo's users in PostgreSQL: the server named by `DATABASE_URL` when set (table `pagelope_demo_users` unless
 * `table` says otherwise, recreated), else embedded PGlite in memory. Seeds `count` deterministic users.
 */
export async function openPostgresDemoStore(
  count: number,
  url = process.env.DATABASE_URL,
  table = 'pagelope_demo_users',
): Promise<PostgresDemoStore> {
  let client: SqlClient;
  let close: () => Promise<void>;
  let description: string;
  if (url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5000 });
    // An idle pooled connection that the server ends (restart, pg_terminate_backend) is reported here; without a
    // listener Node would crash the process. The pool drops that client and connects anew on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
    client = pool as unknown as SqlClient;
    close = () => pool.end();
    description = `PostgreSQL at ${new URL(url).host}`;
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    client = db as unknown as SqlClient;
    close = () => db.close();
    description = 'embedded PGlite';
  }
  await client.query(`DROP TABLE IF EXISTS "${table}"`);
  for (const statement of createTableSql(users, { table }).split(';\n')) await client.query(statement);
  const repository = createPostgresRepository(users, { client, table });
  for (const user of seedUsers(count)) await repository.create(user);
  return { repository, description, close };
}
