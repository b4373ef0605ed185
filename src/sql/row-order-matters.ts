import type { SqlChange } from './update-records';

/**
 * How a unique index or an exclusion constraint reads a column: `'key'` (a key column, or any column of an index
 * with expressions), or `'null-predicate'` (only in a predicate that is exactly `column IS NULL`, as a unique index
 * of live records under soft delete: `WHERE "deletedAt" IS NULL`).
 */
export type SqlUniqueIndexUse = 'key' | 'null-predicate';

/**
 * Whether a batch of `changes` setting `fields` may pass or fail depending on the order its rows are written in, so
 * that it cannot be one statement (a database checks a unique index row by row): a field a unique index reads as a
 * key, or only in its `IS NULL` predicate while some change sets it to null (a record leaves such an index when the
 * column is set, and cannot meet another there). `useOf` gives how the table's unique indexes read a field's column.
 */
export function rowOrderMatters(
  fields: readonly string[],
  changes: readonly SqlChange[],
  useOf: (field: string) => SqlUniqueIndexUse | undefined,
): boolean {
  return fields.some((field) => {
    const use = useOf(field);
    return use === 'key' || (use === 'null-predicate' && changes.some((change) => change.patch[field] == null));
  });
}
