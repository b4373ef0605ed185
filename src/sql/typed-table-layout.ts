import { createTableLayout, type SqlTableLayout } from './create-table-layout';
import type { SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';

/**
 * The layout (`createTableLayout`) of a typed dialect's quoted `table` whose fields are on `columns` (field → column
 * name), of `shape`: each column read with the dialect's `readExpression` of its type, so that nothing read depends
 * on the process's time zone. With `qualified`, every column is qualified by the table (a statement that joins
 * another table, whose columns could have the same names).
 */
export function typedTableLayout(
  dialect: Pick<SqlTypedDialect, 'quoteIdentifier' | 'readExpression'>,
  table: string,
  columns: ReadonlyMap<string, string>,
  options: { readonly shape: Pick<SqlTableShape, 'types'>; readonly qualified?: boolean | undefined },
): SqlTableLayout {
  const { shape, qualified } = options;
  return createTableLayout(table, columns, {
    quoteIdentifier: dialect.quoteIdentifier,
    readExpression: (column, field) => dialect.readExpression(column, shape.types.get(field)),
    qualified,
  });
}
