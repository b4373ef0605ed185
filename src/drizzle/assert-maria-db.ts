/** The first MariaDB with `INSERT ... RETURNING` and `DELETE ... RETURNING`, which the repository's writes end with. */
const OLDEST: readonly [number, number] = [10, 5];

/**
 * Checks that the server whose `SELECT VERSION()` is `version` is one the MariaDB repository's statements run on:
 * MariaDB (`10.11.6-MariaDB-0+deb12u1`) 10.5 or later.
 *
 * @throws Error naming the server for MySQL, or any server not reporting itself as MariaDB (Percona, TiDB, Aurora):
 *   every statement is `SET STATEMENT ... FOR` (UTC and a strict `sql_mode` for that statement only) and inserts and
 *   deletes end with `RETURNING`, which MySQL has neither of, so each would otherwise fail as a syntax error.
 * @throws Error for MariaDB older than 10.5 (no `INSERT ... RETURNING`).
 */
export function assertMariaDb(version: string): void {
  const shown = JSON.stringify(version.slice(0, 80));
  if (!/mariadb/i.test(version)) {
    throw new Error(
      `pagelope/drizzle: the server is not MariaDB (VERSION() is ${shown}): MySQL is not supported yet. ` +
        'The repository runs every statement as SET STATEMENT ... FOR (UTC and a strict sql_mode whatever the ' +
        "session's) and reads inserts and deletes back with RETURNING, which MySQL has neither of.",
    );
  }
  // `5.5.5-` is the prefix some clients and proxies show before MariaDB's own version.
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(version.replace(/^5\.5\.5-/, '')) ?? []).slice(1).map(Number);
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1])) {
    throw new Error(
      `pagelope/drizzle: MariaDB ${OLDEST.join('.')} or later is needed (INSERT ... RETURNING); the server is ${shown}`,
    );
  }
}
