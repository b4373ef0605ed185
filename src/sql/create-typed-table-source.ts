import type { Resource } from 'pagelope/kit';
import { checkRecordValues, columnHolds, isImpossibleScope } from './check-column-values';
import { columnKey } from './column-key';
import { compileOrder } from './compile-order';
import type { SqlContextCompilers } from './create-context-compilers';
import type { SqlTableSource } from './read-by-values';
import type { SqlStatementContext } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';
import { typedColumnKinds } from './typed-column-kinds';
import type { SqlRow, SqlWriteDialect } from './write-dialect';

/** Options of {@link createTypedTableSource}: a typed dialect's table and the context of its statements. */
export interface SqlTypedTableOptions {
  readonly resource: Resource;
  readonly dialect: SqlTypedDialect & SqlWriteDialect;
  /** The dialect's compilers of statements on a context (`createContextCompilers(dialect)`). */
  readonly compilers: Pick<SqlContextCompilers, 'bindValue' | 'bindList' | 'compileWhere' | 'orderSourceOf'>;
  /** The quoted table. */
  readonly table: string;
  /** The quoted column of a field. */
  column(field: string): string;
  /** The fields the database fills when a write gives no value (`databaseDefaults`). */
  readonly filledByDatabase: ReadonlySet<string>;
  /** The context of a new statement (the catalog read first, once). */
  contextOf(): Promise<SqlStatementContext>;
  /** The record of a row read with the context's select list. */
  toRecord(row: Readonly<SqlRow>): SqlRow;
}

/**
 * The table of a typed dialect as the SQL engine's single-record reads and writes and its by-value reads read it:
 * each statement on a fresh context, every value bound as its column's type and a list as one array of it (`=
 * ANY($1)`); an id its column cannot hold (`abc` for a uuid, a NUL anywhere) or a scope holding a value its column
 * cannot hold is not found without a statement, and every value written is checked against its column first.
 */
export function createTypedTableSource(options: SqlTypedTableOptions): SqlTableSource {
  const { dialect, compilers } = options;
  return {
    resource: options.resource,
    dialect,
    table: options.table,
    column: options.column,
    filledByDatabase: options.filledByDatabase,
    async statement() {
      const context = await options.contextOf();
      const kinds = typedColumnKinds(dialect, context);
      return {
        bind: (field, value) => compilers.bindValue(field, value, context),
        values: context.params.values,
        select: context.layout.selectOf(),
        where: (groups) => compilers.compileWhere(groups, context),
        holds: (field, value) => columnHolds(kinds, field, value),
        impossible: (groups) => isImpossibleScope(groups, kinds),
        check: (values) => checkRecordValues(values, kinds),
        list: (field, values) => ({ array: compilers.bindList(field, values, context) }),
        key: (field, value) => columnKey(kinds(field), value),
        add: (value) => context.params.add(value),
        column: context.column,
        order: (order) => compileOrder(order, compilers.orderSourceOf(context)),
      };
    },
    toRecord: options.toRecord,
  };
}
