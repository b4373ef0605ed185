import { is, Column } from 'drizzle-orm';

/** What the config of a Drizzle table (`getTableConfig` of its dialect) says of its unique keys. */
export interface UniqueKeysConfig {
  readonly columns: readonly Column[];
  readonly primaryKeys: readonly { readonly columns: readonly unknown[] }[];
  readonly uniqueConstraints: readonly { getName(): string | undefined; readonly columns: readonly unknown[] }[];
  readonly indexes: readonly {
    readonly config: { readonly unique?: boolean; readonly name?: string; readonly columns: readonly unknown[] };
  }[];
}

/**
 * The SQL columns of each unique key a Drizzle table declares, by the key's name: the primary key under `primary`
 * (its columns', a composite `primaryKey`'s, or else the `idColumn` given), then the unique columns, unique
 * constraints and unique indexes.
 * `sqlName` gives a column's SQL name as the database writes it.
 */
export function uniqueKeysOf(
  config: UniqueKeysConfig,
  sqlName: (column: Column) => string,
  { primary, idColumn }: { readonly primary: string; readonly idColumn?: string | undefined },
): ReadonlyMap<string, readonly string[]> {
  const keys = new Map<string, readonly string[]>();
  const add = (name: string | undefined, columns: readonly unknown[]) => {
    if (name !== undefined && columns.length > 0 && columns.every((column) => is(column, Column)))
      keys.set(name, (columns as Column[]).map(sqlName));
  };
  add(
    primary,
    config.columns.filter((column) => column.primary),
  );
  for (const key of config.primaryKeys) add(primary, key.columns);
  for (const column of config.columns) if (column.isUnique) add(column.uniqueName, [column]);
  for (const constraint of config.uniqueConstraints) add(constraint.getName(), constraint.columns);
  for (const index of config.indexes) if (index.config.unique === true) add(index.config.name, index.config.columns);
  // A table declared without its primary key in Drizzle: the primary key is taken to be the id's column.
  if (!keys.has(primary) && idColumn !== undefined) keys.set(primary, [idColumn]);
  return keys;
}
