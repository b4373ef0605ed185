/** How a repository reads and names the columns of its table (see {@link createTableLayout}). */
export interface SqlTableLayout {
  /** The select list of these fields (every field without a list), each read under its field name. */
  selectOf(fields?: readonly string[]): string;
  /**
   * The quoted column of a field for WHERE and ORDER BY: bare (`"created_at"`), or qualified by the table
   * (`"books"."created_at"`) where a bare name would be taken for an output column of the select list (another
   * field's name, or a column read through an expression such as a `date` column's `to_char`).
   */
  column(field: string): string;
}

/** Options of {@link createTableLayout}. */
export interface SqlTableLayoutOptions {
  readonly quoteIdentifier: (name: string) => string;
  /** The expression a field's quoted column is read with (the dialect's, so that nothing read depends on the zone). */
  readonly readExpression: (column: string, field: string) => string;
  /** Every column qualified by the table (a statement that joins another table, whose columns could share names). */
  readonly qualified?: boolean | undefined;
}

/**
 * The {@link SqlTableLayout} of a quoted `table` whose fields are on `columns` (field → column name): a column read as
 * it is and named as its field is selected bare, any other under its field's name (`expression AS "field"`).
 */
export function createTableLayout(
  table: string,
  columns: ReadonlyMap<string, string>,
  options: SqlTableLayoutOptions,
): SqlTableLayout {
  const { quoteIdentifier: q, qualified = false } = options;
  const items = new Map<string, string>();
  const refs = new Map<string, string>();
  const plain = new Set<string>();
  for (const [field, name] of columns) {
    const column = qualified ? `${table}.${q(name)}` : q(name);
    const read = options.readExpression(column, field);
    if (read === column && name === field) plain.add(field);
    items.set(field, read === column && name === field ? column : `${read} AS ${q(field)}`);
  }
  for (const [field, name] of columns) {
    // An output column named as this column, that is not this very column read as it is, would shadow it.
    const shadowed = qualified || (columns.has(name) && !(name === field && plain.has(field)));
    refs.set(field, shadowed ? `${table}.${q(name)}` : q(name));
  }
  const all = [...items.values()].join(', ');
  return Object.freeze({
    selectOf: (fields?: readonly string[]) =>
      fields ? fields.map((field) => items.get(field) ?? q(field)).join(', ') : all,
    column: (field: string) => refs.get(field) ?? q(field),
  });
}
