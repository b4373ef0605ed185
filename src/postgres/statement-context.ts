import type { FieldDef } from 'pagelope/kit';
import { createTypedContexts, type SqlStatementContext } from '../sql/index';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';
import type { SqlClient } from './sql-client';
import { SqlParams } from './sql-params';
import { createCatalogLookup, type CatalogLookup } from './table-catalog';
import type { TextCollation } from './text-collation';

/** The context of one statement: the table's shape, how its columns are read and named, fresh parameters. */
export type StatementContext = SqlStatementContext;

/** Options of {@link createStatementContexts}. */
export interface StatementContextsOptions {
  /** The quoted table. */
  readonly table: string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Column name by field. */
  readonly columns: ReadonlyMap<string, string>;
  readonly textCollation?: TextCollation | undefined;
  readonly columnTypes?: Readonly<Record<string, string>> | undefined;
  /** The catalog lookup to share (the one of the repository a transaction's repository is bound from). */
  readonly catalog?: CatalogLookup | undefined;
  /** Where to read the catalog instead of `client`: see {@link CatalogLookup}. */
  readonly reader?: SqlClient | undefined;
}

/** The function that makes each statement's context, and the catalog lookup behind it. */
export interface StatementContexts {
  (): Promise<StatementContext>;
  readonly catalog: CatalogLookup;
}

/**
 * Returns a function that makes the {@link StatementContext} of each statement. The first call reads the catalog
 * (see `createCatalogLookup`: one read per repository settles each column's type, which values are checked and bound
 * as, and which columns need `COLLATE "C"` for code-point order); the rest is the SQL engine's `createTypedContexts`.
 *
 * @throws TypeError (at creation) for a `columnTypes` entry that is not a field or a type the adapter does not know;
 * what the catalog lookup throws (a 503 for a failed read, an Error for a field without a column), on each call.
 */
export function createStatementContexts(client: SqlClient, options: StatementContextsOptions): StatementContexts {
  const { table, fields, columns, reader } = options;
  const catalog =
    options.catalog ??
    createCatalogLookup(client, {
      table,
      fields,
      columns,
      mode: options.textCollation ?? 'detect',
      columnTypes: options.columnTypes,
    });
  const contextOf = createTypedContexts({
    ...{ dialect: POSTGRES_TYPED_DIALECT, table, fields, columns },
    shape: () => catalog(reader),
    params: () => new SqlParams(),
  });
  return Object.assign(contextOf, { catalog });
}
