import type { FieldDef, RelationCondition } from 'pagelope/kit';

/** What a typed dialect knows of a table's columns, by field: their SQL types, and the fields to collate. */
export interface SqlTableShape {
  readonly types: ReadonlyMap<string, string>;
  /** Fields whose columns need the dialect's `codePoint` to compare in code-point order. */
  readonly collate: ReadonlySet<string>;
}

/** The bind parameters of one statement: `add` binds a value, as an array of `type` when given, and returns its placeholder. */
export interface SqlParamList {
  readonly values: unknown[];
  add(value: unknown, type?: string): string;
}

/** What the typed compilers need besides the query: the fields, their columns and types, the parameters. */
export interface SqlContext extends SqlTableShape {
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** The quoted column reference of a field (see `SqlTableLayout.column`). */
  readonly column: (field: string) => string;
  readonly params: SqlParamList;
  /** Compiles a relation term of the filter (EXISTS subqueries); absent when the statement reads no relation. */
  readonly relations?: ((term: RelationCondition, context: SqlContext) => string) | undefined;
}

/** How a repository reads and names the columns of its table. */
export interface SqlTableLayout {
  /** The select list of these fields (every field without a list), each read under its field name. */
  selectOf(fields?: readonly string[]): string;
  /** The quoted column of a field for WHERE and ORDER BY. */
  column(field: string): string;
}

/** The context of one statement: the table's shape, how its columns are read and named, fresh parameters. */
export interface SqlStatementContext extends SqlContext {
  readonly layout: SqlTableLayout;
}
