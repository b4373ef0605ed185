/** A column as `information_schema.COLUMNS` describes it: `DATA_TYPE`, and `null` for a column holding no text. */
export interface ColumnCollation {
  readonly type: string;
  readonly charset: string | null;
  readonly collation: string | null;
}

/** A row's value as text, or `null` for SQL's NULL. */
const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * The columns of a table by name, as rows read from `information_schema.COLUMNS` under the names `name`, `type`
 * (`DATA_TYPE`), `charset` (`CHARACTER_SET_NAME`) and `collation` (`COLLATION_NAME`) describe them: a row without a
 * name or a type (an outer join that found no column) is left out.
 */
export function columnCollationsOf(
  rows: readonly Readonly<Record<string, unknown>>[],
): ReadonlyMap<string, ColumnCollation> {
  const found = rows.filter((row) => textOf(row['name']) !== null && textOf(row['type']) !== null);
  return new Map(
    found.map((row) => [
      String(row['name']),
      { type: String(row['type']), charset: textOf(row['charset']), collation: textOf(row['collation']) },
    ]),
  );
}
