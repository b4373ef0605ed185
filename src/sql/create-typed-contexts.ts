import type { FieldDef } from 'pagelope/kit';
import type { SqlTableLayout } from './create-table-layout';
import type { SqlParamList, SqlStatementContext, SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';
import { typedTableLayout } from './typed-table-layout';

/** Options of {@link createTypedContexts}: a typed dialect's table and where its shape comes from. */
export interface SqlTypedContextsOptions {
  readonly dialect: Pick<SqlTypedDialect, 'quoteIdentifier' | 'readExpression'>;
  /** The quoted table. */
  readonly table: string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Column name by field. */
  readonly columns: ReadonlyMap<string, string>;
  /** The table's shape: its columns' types and collations (the catalog read once, then kept). */
  shape(): Promise<SqlTableShape>;
  /** Fresh bind parameters. */
  params(): SqlParamList;
}

/**
 * Returns a function that makes the context of each statement of a typed dialect's table: its shape (see `shape`),
 * how its columns are read and named (`typedTableLayout`, made once per shape) and fresh parameters.
 *
 * @throws what `shape` throws, on each call.
 */
export function createTypedContexts(options: SqlTypedContextsOptions): () => Promise<SqlStatementContext> {
  const { dialect, table, fields, columns } = options;
  let layouts = new WeakMap<object, SqlTableLayout>();
  return async () => {
    const shape = await options.shape();
    let layout = layouts.get(shape);
    if (!layout) {
      layout = typedTableLayout(dialect, table, columns, { shape });
      layouts = new WeakMap([[shape, layout]]);
    }
    return { fields, ...shape, column: layout.column, layout, params: options.params() };
  };
}
