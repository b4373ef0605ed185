import type { Column } from 'drizzle-orm';

/** A column's SQL name as `db` writes it: its own name, or its key in the casing `db` was made with. */
export function columnSqlName(db: unknown, column: Column): string {
  const casing = (db as { readonly dialect?: { readonly casing?: { getColumnCasing?(column: Column): string } } })
    .dialect?.casing;
  return typeof casing?.getColumnCasing === 'function' ? casing.getColumnCasing(column) : column.name;
}
