import type { SqlColumn } from './sql-repository-options';
import type { SqlDialect } from './sql-dialect';

/**
 * The bind parameters of one statement being written, and what its compilers read of the table: `add` binds a value
 * as it is and returns its placeholder, `bind` binds a field's value as the field's column stores it, `column` is a
 * field's quoted column, `lower` the function that folds text as `toLowerCase()` does (absent: none).
 */
export class SqlStatement {
  readonly values: unknown[] = [];

  constructor(
    readonly dialect: SqlDialect,
    private readonly columns: ReadonlyMap<string, SqlColumn>,
    readonly lower: string | undefined,
  ) {}

  /** Binds `value` and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }

  /** Binds a value of `field` as its column stores it (`null` as NULL) and returns its placeholder. */
  bind(field: string, value: unknown): string {
    return this.add(value == null ? null : this.sqlColumn(field).toDriver(value));
  }

  /** The quoted column of `field`. */
  column(field: string): string {
    return this.dialect.quoteIdentifier(this.sqlColumn(field).name);
  }

  private sqlColumn(field: string): SqlColumn {
    const column = this.columns.get(field);
    if (!column) throw new Error(`field "${field}" has no column`);
    return column;
  }
}
