import pg from 'pg';

/**
 * Terminates, from a separate connection, every server process of the database that serves a client named
 * `applicationName` (the soak's pool only: other clients of the shared database are left alone), and returns how
 * many it terminated.
 */
export async function terminateBackends(url: string, applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: `${applicationName}-terminator` });
  await client.connect();
  try {
    const { rows } = await client.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
      [applicationName],
    );
    return rows.filter((row) => row.terminated).length;
  } finally {
    await client.end();
  }
}
