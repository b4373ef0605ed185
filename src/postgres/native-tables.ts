import type { Resource } from 'pagelope/kit';
import type { SqlClient } from './sql-client';
import type { StatementContext } from './statement-context';

/**
 * What another repository of the same database needs to read a PostgreSQL repository's table inside its own
 * statements (relation filters as EXISTS subqueries, relation sorts as a join, embeds): never exported from the package.
 */
export interface NativeTable {
  /** The database client the repository was made on (a transaction's connection resolves to its pool or client). */
  readonly root: SqlClient;
  readonly resource: Resource;
  /** The quoted table. */
  readonly table: string;
  /** Column name by field. */
  readonly columns: ReadonlyMap<string, string>;
  /** The context of a statement on the table: its column types and collations (the catalog read once). */
  readonly context: () => Promise<StatementContext>;
}

const tables = new WeakMap<object, NativeTable>();

/** Records the table of a PostgreSQL repository (or of a wrapper of one, such as a transaction's bound repository). */
export function registerNativeTable(repository: object, table: NativeTable): void {
  tables.set(repository, table);
}

/** Gives `wrapper` the table of `repository`, when it has one. */
export function shareNativeTable(wrapper: object, repository: object): void {
  const table = tables.get(repository);
  if (table) tables.set(wrapper, table);
}

/**
 * The table of `repository` when it is a PostgreSQL repository on the database of `root` (so one statement can read
 * both tables), else `undefined`.
 */
export function nativeTableOf(repository: unknown, root: SqlClient): NativeTable | undefined {
  if (typeof repository !== 'object' || repository === null) return undefined;
  const table = tables.get(repository);
  return table?.root === root ? table : undefined;
}
