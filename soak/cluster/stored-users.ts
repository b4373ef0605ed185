import pg from 'pg';

/** A row of the cluster's table as the primary holds it once the run is over. */
export interface StoredUser {
  readonly id: string;
  readonly username: string;
  readonly age: number;
  readonly version: number;
  readonly deleted: boolean;
}

/** Every row of `table` on the primary, soft-deleted ones included, read with SQL of its own (not the library's). */
export async function storedUsers(url: string, table: string): Promise<StoredUser[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<StoredUser>(
      `SELECT id, username, age, version, "deletedAt" IS NOT NULL AS deleted FROM "${table}"`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
