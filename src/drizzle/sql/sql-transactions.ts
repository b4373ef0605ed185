import type { Repository, Resource, Transaction } from 'pagelope/kit';
import { registerTransactionBinding, runSqlTransactionWork } from '../../sql/index';
import type { SqlDialect } from './sql-dialect';
import type { SqlColumn } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';

/** What a SQL statement reads of a repository's table: its SQL name, its resource and its columns. */
export interface SqlTableRef {
  readonly name: string;
  readonly resource: Resource;
  readonly columns: ReadonlyMap<string, SqlColumn>;
  readonly dialect: SqlDialect;
}

/** The tables of the SQL repositories (and of the repositories a transaction bound), with their database. */
const tables = new WeakMap<object, { readonly root: SqlRunner; readonly table: SqlTableRef }>();

/** Records that `repository`, on the database of `root`, is `bind(runner)` on a transaction's runner. */
export function registerSqlRepository<TRecord>(
  repository: Repository<TRecord>,
  root: SqlRunner,
  table: SqlTableRef,
  bind: (runner: SqlRunner) => Repository<TRecord>,
): Repository<TRecord> {
  tables.set(repository, { root, table });
  return registerTransactionBinding(repository, root, bind);
}

/** The table of `repository` when it is a SQL repository on the database of `root`, else `undefined`. */
export function sqlTableOn(repository: unknown, root: SqlRunner): SqlTableRef | undefined {
  const entry = typeof repository === 'object' && repository !== null ? tables.get(repository) : undefined;
  return entry?.root === root ? entry.table : undefined;
}

/**
 * Runs `work` in one transaction of `runner` (a savepoint inside one already open): `tx.repository(other)` is
 * `other` bound to it when `other` is a repository of the same database (`root`), and `tx.query` runs raw SQL in it
 * (see `runSqlTransactionWork`); both refuse calls once `work` has settled.
 *
 * @throws TypeError from `tx.repository` for a repository of another database or another kind of store.
 */
export function runSqlTransaction<T>(
  runner: SqlRunner,
  root: SqlRunner,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return runner.transaction((inside) =>
    runSqlTransactionWork(
      {
        root,
        on: inside,
        refusal: 'tx.repository: the repository is not on the database of this transaction',
        query: async (text, values) => ({ rows: await inside.all(text, values) }),
        onBound(guard, inner) {
          const entry = tables.get(inner);
          if (entry) tables.set(guard, entry);
        },
      },
      work,
    ),
  );
}
