import { notFoundError } from 'pagelope/kit';
import { runBatch, type SqlChange, type SqlTransaction } from '../sql/index';
import { BULK_ORDINAL, bulkUpdateStatement } from './bulk-update-statement';
import { isValueError } from './constraint-error';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { catalogReaderOf, runStatement } from './transaction';
import { uniqueIndexColumns } from './unique-index-columns';

/** Thrown out of the batch's transaction, after its rollback, when the changes must run one by one after all. */
const ONE_BY_ONE = Symbol('one by one');

/**
 * Applies a batch of changes (patches validated and checked) with one UPDATE (see `bulkUpdateStatement`), in a
 * `transaction` of the repository's client, or a savepoint of the caller's: the records in the order of the changes,
 * as the same updates one after the other would leave them. The statement does not run when the batch does not allow
 * it, nor when a field it sets is read by a unique index or an exclusion constraint (whose checks depend on the order
 * of the rows), unless only by a predicate `WHERE field IS NULL` (a soft delete's) and never set to null. A constraint or data error rolls it back, and the caller runs the changes one by
 * one to name the item.
 *
 * @returns the updated records, or `undefined` when the changes must run one by one (then nothing was written).
 * @throws the 404 of the first change whose record did not come back (missing, outside the scope, its `where` not
 *   met), with nothing written; what `writeError` makes of any other failure.
 */
export async function bulkUpdate<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  transaction: SqlTransaction,
  changes: readonly SqlChange[],
  options: { readonly scope?: unknown } | undefined,
): Promise<Record<string, unknown>[] | undefined> {
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
  try {
    return await runBatch(
      transaction,
      async (exec) => {
        const rows = await exec(statement.text, statement.values, { operation: 'update' });
        const byPosition = new Map(rows.map((row) => [Number(row[BULK_ORDINAL]), row]));
        return changes.map((change, i) => {
          const row = byPosition.get(i + 1);
          if (!row) throw notFoundError(parts.resource, change.id);
          return parts.toRecord(row);
        });
      },
      async (error, write) => (isValueError(error) ? ONE_BY_ONE : parts.writeError(error, write)),
    );
  } catch (error) {
    if (error === ONE_BY_ONE) return undefined;
    throw error;
  }
}
