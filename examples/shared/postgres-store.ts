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
 * The demo's users in PostgreSQL: the server named by `DATABASE_URL` when set (table `pagelope_demo_users`,
 * recreated), else embedded PGlite in memory. Seeds `count` deterministic users.
 */
export async function openPostgresDemoStore(count: number, url = process.env.DATABASE_URL): Promise<PostgresDemoStore> {
  const table = 'pagelope_demo_users';
  let client: SqlClient;
  let close: () => Promise<void>;
  let description: string;
  if (url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url });
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
