import type { FieldDef } from 'pagelope';
import type { SqlParams } from './sql-params';

/** What the compilers need besides the query: the fields, which of their columns to collate, the parameters. */
export interface SqlContext {
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Fields whose columns need `COLLATE "C"` to compare in code-point order (see `TextCollation`). */
  readonly collate: ReadonlySet<string>;
  readonly params: SqlParams;
}

/** A column reference for comparison and ordering: in code-point order whatever the column's collation. */
export function comparable(column: string, field: string, context: Pick<SqlContext, 'collate'>): string {
  return context.collate.has(field) ? `${column} COLLATE "C"` : column;
}
