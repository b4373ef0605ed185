import type { RelationCondition } from 'pagelope/kit';
import type { SqlColumn } from './sql-repository-options';
import type { SqlDialect } from './sql-dialect';

/**
 * The bind parameters of one statement being written, and what its compilers read of the table: `add` binds a value
 * as it is and returns its placeholder, `bind` binds a field's value as the field's column stores it, `column` is a
 * field's quoted column, `lower` the function that folds text as `toLowerCase()` does (absent: none).
 */
export class SqlStatement {
  /**
   * How a relation term of the statement's table is SQL (an `EXISTS` subquery), or `undefined` when it cannot be
   * (absent: no relation term can).
   */
  relations?: ((term: RelationCondition, statement: SqlStatement) => string | undefined) | undefined;

  /**
   * The to-one relation paths (`'author.fullName'`) the statement can read: a new scalar subquery of the related
   * value at each `expression()` call (so that its parameters are bound where its text is), and the related column.
   */
  paths?: ((path: string) => { expression(): string; readonly column: SqlColumn } | undefined) | undefined;

  constructor(
    readonly dialect: SqlDialect,
    private readonly columns: ReadonlyMap<string, SqlColumn>,
    readonly lower: string | undefined,
    /** The quoted table or alias that qualifies every column (absent: none). */
    private readonly qualifier?: string,
    readonly values: unknown[] = [],
  ) {}

  /** A statement on another table's `columns` under `qualifier`, binding into the same parameters. */
  on(columns: ReadonlyMap<string, SqlColumn>, qualifier: string): SqlStatement {
    return new SqlStatement(this.dialect, columns, this.lower, qualifier, this.values);
  }

  /** Binds `value` and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }

  /** Binds a value of `field` as its column stores it (`null` as NULL) and returns its placeholder. */
  bind(field: string, value: unknown): string {
    const column = this.paths?.(field)?.column ?? this.sqlColumn(field);
    return this.add(value == null ? null : column.toDriver(value));
  }

  /** Whether the statement can read `field`: a field of its table, or a path of {@link paths}. */
  reads(field: string): boolean {
    return this.columns.has(field) || this.paths?.(field) !== undefined;
  }

  /** {@link column} as it compares and orders: through its column's `ordered` (see `SqlColumn.ordered`). */
  ordered(field: string): string {
    const path = this.columns.has(field) ? undefined : this.paths?.(field);
    const ordered = (path ? path.column : this.columns.get(field))?.ordered;
    return ordered ? ordered(this.column(field)) : this.column(field);
  }

  /** Whether a text operator on `field` can match each of `needles` in SQL (see `SqlColumn.matchesText`). */
  matchesText(field: string, needles: readonly unknown[]): boolean {
    const column = this.columns.get(field) ?? this.paths?.(field)?.column;
    const test = column?.matchesText;
    return test === undefined || needles.every((needle) => typeof needle !== 'string' || test(needle));
  }

  /**
   * Whether `field` may be NULL: a relation path always may (a parent without a related record), a column unless it
   * is `notNull`.
   */
  nullable(field: string): boolean {
    return this.columns.get(field)?.notNull !== true;
  }

  /** The quoted column of `field`, or the scalar subquery of a relation path. */
  column(field: string): string {
    const path = this.columns.has(field) ? undefined : this.paths?.(field);
    if (path) return path.expression();
    const column = this.dialect.quoteIdentifier(this.sqlColumn(field).name);
    return this.qualifier === undefined ? column : `${this.qualifier}.${column}`;
  }

  private sqlColumn(field: string): SqlColumn {
    const column = this.columns.get(field);
    if (!column) throw new Error(`field "${field}" has no column`);
    return column;
  }
}
