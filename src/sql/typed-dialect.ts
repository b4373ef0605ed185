import type { FieldDef } from 'pagelope/kit';
import type { SqlColumnKind } from './column-kind';
import type { SqlDialect } from './sql-dialect';

/**
 * A dialect whose statements bind each value as its column's type, as the database's catalog names it (PostgreSQL),
 * lists as one array parameter of it: what the statement contexts (see `createContextCompilers`) and the joined
 * relation plan (see `planJoinedRelations`) write beyond {@link SqlDialect}.
 */
export interface SqlTypedDialect extends SqlDialect {
  /** The SQL engine's kind of a column of `type` (`other` for a type the dialect does not know). */
  kindOf(type: string): SqlColumnKind;
  /** The type of a field's column when nothing else is known (what the dialect's tables declare for its kind). */
  defaultType(def: FieldDef): string;
  /** A value as it is bound for a column of `type`, the same whatever the process's time zone. */
  toParam(type: string, value: unknown): unknown;
  /** The type of a parameter binding an array of values of `type` (`uuid[]`). */
  arrayType(type: string): string;
  /** The expression a column of `type` is read with, so that nothing read depends on the process's time zone. */
  readExpression(column: string, type: string | undefined): string;
  /** `expression` as text (`x::text`), for the text tests and the links of a column of another type. */
  asText(expression: string): string;
  /** `expression` compared and ordered by code point (`x COLLATE "C"`). */
  codePoint(expression: string): string;
  /** The text of `expression` folded as `toLowerCase()` folds it. */
  fold(expression: string): string;
  /** The rows of the bound arrays, item by item (`unnest($1::uuid[], $2::text[])`), for a join to name their columns. */
  arrayRows(arrays: readonly string[]): string;
}
