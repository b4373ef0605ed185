import type { MySqlDatabase, MySqlQueryResultHKT, PreparedQueryHKTBase } from 'drizzle-orm/mysql-core';
import { HttpError } from 'pagelope/kit';
import { createTransactionQueue, STANDARD_TRANSACTION_STATEMENTS, type TransactionQueue } from '../sql/index';
import { toMysqlStatement } from './mysql-statement';
import { MYSQL_SQL_DIALECT } from './mysql-sql-dialect';
import { toRetryableError } from './retryable-error';
import { createDrizzleRunners, drizzleClientOf } from './sql/index';

/** A Drizzle MySQL or MariaDB database (`drizzle(pool)` of `drizzle-orm/mysql2`), whatever its schema. */
export type DrizzleMySqlDatabase = MySqlDatabase<MySqlQueryResultHKT, PreparedQueryHKTBase, Record<string, unknown>>;

/**
 * What every statement runs under, whatever the pool's session says: UTC (a TIMESTAMP column stores and reads the text
 * the repository binds as it is), and a strict `sql_mode` (a value too long, out of range or no date is refused, not
 * cut or clamped with a warning). MariaDB's `SET STATEMENT ... FOR` sets them for one statement only.
 */
const STATEMENT_SETTINGS =
  "SET STATEMENT time_zone = '+00:00', " +
  "sql_mode = 'STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION' FOR ";

interface SessionLike {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined): { execute(): Promise<unknown> };
}

/** Whether `db` is over a pool (`mysql2`'s `getConnection`): each of its transactions then has a connection of its own. */
const onPool = (db: DrizzleMySqlDatabase) => typeof drizzleClientOf(db)?.['getConnection'] === 'function';

/**
 * The runners of Drizzle MariaDB databases (see `createDrizzleRunners`): `runnerOf(db)` the `SqlRunner` of one, one
 * per database, `readerOf(db)` a reader outside its queue. Statements run through the session as
 * Drizzle's own raw queries do (DATETIME, TIMESTAMP and DATE come as text), the SQL engine's as MariaDB takes them
 * (`toMysqlStatement`) under {@link STATEMENT_SETTINGS}, which the reader leaves out (a MySQL server would refuse
 * them); their rows are a result set's (`SELECT`, `... RETURNING`), none for a write's header. A driver's error
 * wrapped by Drizzle is rethrown as the driver's, a deadlock as `toWriteConflictError`'s 503 and a lock wait timeout
 * as a 503 with `retry-after` (seen through a failed `ROLLBACK TO SAVEPOINT` as well). `transaction(work)` runs
 * through `db.transaction` (on a pool, a connection of its own; on one connection, every statement of the
 * repositories outside it waits until it ends) on the SQL engine's transaction slot: InnoDB rolls a transaction back
 * on a deadlock and runs what follows outside it, each statement committed on its own, so after a statement of it
 * fails what follows is refused (the deadlock's or the lock wait's 503 again) and it never commits, as on PostgreSQL.
 */
export const MARIADB_RUNNERS = createDrizzleRunners<DrizzleMySqlDatabase, SessionLike>({
  async execute(session, text, params) {
    const result = await session.prepareQuery({ sql: text, params }, undefined).execute();
    return Array.isArray(result) ? result[0] : undefined;
  },
  statement: (text, inTransaction) => STATEMENT_SETTINGS + toMysqlStatement(text, inTransaction),
  classify: (error) => toRetryableError(error, MYSQL_SQL_DIALECT),
  queue: (db): TransactionQueue =>
    onPool(db)
      ? { statement: (work) => work(), transaction: (work) => work() }
      : createTransactionQueue({ everyStatement: true }),
  statements: STANDARD_TRANSACTION_STATEMENTS,
  slot: {
    retryAnswer: (failure) => (failure instanceof HttpError && failure.statusCode === 503 ? failure : undefined),
    refuseAfterFailure: true,
  },
});
