import type { SqlBulkUpdate, SqlChange } from '../sql/index';
import { BULK_ORDINAL, bulkUpdateStatement } from './bulk-update-statement';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { catalogReaderOf, runStatement } from './transaction';
import { uniqueIndexColumns } from './unique-index-columns';

/**
 * The one UPDATE of a batch of changes (patches validated and checked), see `bulkUpdateStatement`, which the SQL
 * engine's `updateRecords` runs in a transaction (a savepoint of the caller's), rolling it back to run the changes one
 * by one after a constraint or data error. None when the batch does not allow it, nor when a field it sets is read by
 * a unique index or an exclusion constraint (whose checks depend on the order of the rows), unless only by a predicate
 * `WHERE field IS NULL` (a soft delete's) and never set to null.
 *
 * @returns the statement, or `undefined` when the changes must run one by one.
 */
export async function bulkUpdate<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  changes: readonly SqlChange[],
  options: { readonly scope?: unknown } | undefined,
): Promise<SqlBulkUpdate | undefined> {
  const context = await parts.contextOf();
  const target = { ...parts, resource: parts.generic, column: parts.name, databaseDefaults: parts.filledByDatabase };
  const statement = bulkUpdateStatement(changes, options, target, context);
  if (!statement) return undefined;
  // Read before the transaction: on one connection, a read queued behind it would never run.
  const { client } = parts;
  const reader = catalogReaderOf(client) ?? { query: (text, values) => runStatement(client, text, values ?? []) };
  const indexed = await uniqueIndexColumns(reader, parts.table, context.types);
  // A record leaves a `WHERE column IS NULL` index when the column is set, and cannot meet another there.
  const orderDecides = (field: string) => {
    const use = indexed?.get(parts.name(field));
    return use === 'key' || (use === 'null-predicate' && changes.some((change) => change.patch[field] == null));
  };
  if (!indexed || statement.fields.some(orderDecides)) return undefined;
  return { text: statement.text, values: statement.values, ordinal: BULK_ORDINAL };
}
