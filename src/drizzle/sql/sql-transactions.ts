import type { Repository, Resource, Transaction } from 'pagelope/kit';
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

/** How a repository joins a transaction: the database runner it is on, and the same repository on another runner. */
interface Joinable {
  readonly root: SqlRunner;
  readonly bind: (runner: SqlRunner) => Repository<unknown>;
  readonly table: SqlTableRef;
}

const joinable = new WeakMap<object, Joinable>();

/** Records that `repository`, on the database of `root`, is `bind(runner)` on a transaction's runner. */
export function registerSqlRepository<TRecord>(
  repository: Repository<TRecord>,
  root: SqlRunner,
  table: SqlTableRef,
  bind: (runner: SqlRunner) => Repository<TRecord>,
): Repository<TRecord> {
  joinable.set(repository, { root, table, bind: bind as Joinable['bind'] });
  return repository;
}

/** The table of `repository` when it is a SQL repository on the database of `root`, else `undefined`. */
export function sqlTableOn(repository: unknown, root: SqlRunner): SqlTableRef | undefined {
  const entry = typeof repository === 'object' && repository !== null ? joinable.get(repository) : undefined;
  return entry?.root === root ? entry.table : undefined;
}

/**
 * Runs `work` in one transaction of `runner` (a savepoint inside one already open): `tx.repository(other)` is
 * `other` bound to it when `other` is a repository of the same database (`root`), and `tx.query` runs raw SQL in it.
 *
 * @throws TypeError from `tx.repository` for a repository of another database or another kind of store.
 */
export function runSqlTransaction<T>(
  runner: SqlRunner,
  root: SqlRunner,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return runner.transaction((inside) => {
    const bound = new Map<object, Repository<unknown>>();
    const tx: Transaction = Object.freeze({
      repository<TOther>(repository: Repository<TOther>): Repository<TOther> {
        const entry = joinable.get(repository);
        if (!entry || entry.root !== root) {
          throw new TypeError('tx.repository: the repository is not on the database of this transaction');
        }
        let joined = bound.get(repository);
        if (!joined) bound.set(repository, (joined = entry.bind(inside)));
        return joined as Repository<TOther>;
      },
      query: async (text: string, values: readonly unknown[] = []) => ({ rows: await inside.all(text, values) }),
    });
    return work(tx);
  });
}
