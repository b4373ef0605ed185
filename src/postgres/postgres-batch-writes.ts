import {
  normalizeScope,
  notFoundError,
  validatePatch,
  type BatchChange,
  type CreateInput,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import { bulkUpdate } from './bulk-update';
import { checkRecordValues, isImpossibleScope } from './check-values';
import { compileWhere } from './compile-where';
import { keyText } from './key-text';
import { runBatch, type RunRows } from './run-batch';
import { bindList } from './sql-context';
import { sqlValueProblem } from './sql-values';
import type { PostgresBatchParts, Row } from './postgres-batch-parts';
import { createRecords } from './postgres-create-many';

export type { PostgresBatchParts } from './postgres-batch-parts';

/** The batch writes of a PostgreSQL repository: `createMany`, `updateMany` and `deleteMany`. */
export type PostgresBatchWrites<TRecord> = Required<
  Pick<Repository<TRecord>, 'createMany' | 'updateMany' | 'deleteMany'>
>;

/**
 * The batch writes of a PostgreSQL repository, each all or nothing and each answering as the same single calls one
 * after the other would, or changing nothing:
 *
 * - `createMany`: one `INSERT ... VALUES (...), (...) RETURNING ...` for the whole batch (several, in one
 *   transaction, only when the values exceed PostgreSQL's 65,535 bind parameters); every record validated and
 *   checked first (a 400 for the first bad one). An id given twice, or already stored, is the 409 of a single
 *   `create` for the first such item; any other constraint error is mapped as a single `create` maps it.
 * - `updateMany`: patches validated first, then, in one transaction, one `UPDATE ... FROM unnest(...)` for two or
 *   more changes that set the same fields of distinct records (a batch soft delete; see `bulkUpdate` for what keeps a
 *   batch out), else one `UPDATE ... WHERE id = $1 AND <scope> AND <where>` per change, in order. The first change
 *   that matches no row rolls all back: the 404 of a single `update`. A constraint or data error of the one statement
 *   rolls it back and the changes run one by one, so that the error names the change as theirs does. An id given
 *   twice applies both changes, the second to the record as the first left it.
 * - `deleteMany`: one `DELETE ... WHERE id = ANY($1) AND <scope> RETURNING ...` in a transaction; unless every id
 *   came back (an id given twice counts as missing the second time), it rolls back and throws the 404 of the first
 *   missing id.
 *
 * Inside a transaction (`tx.repository(repository)`), a batch that needs one runs in a savepoint of it: when it
 * fails, only its own changes are undone.
 */
export function createPostgresBatchWrites<TRecord>(parts: PostgresBatchParts<TRecord>): PostgresBatchWrites<TRecord> {
  const { resource, client, table, idField, idColumn, databaseDefaults, toRecord, writeError } = parts;
  const generic = resource as Resource;
  const filledByDatabase = new Set(databaseDefaults);
  const notFound = (id: unknown) => notFoundError(resource, id);
  const bulkParts = { ...parts, resource: generic, databaseDefaults: filledByDatabase };

  return {
    createMany: (data: readonly CreateInput<TRecord>[]) => createRecords(parts, data),

    async updateMany(changes: readonly BatchChange<TRecord>[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      // Every patch validated and checked before any statement: the 400 of the first bad one.
      const patches = Array.from(changes, (change) => validatePatch(resource, change.patch, change.id) as Row);
      if (patches.length === 0) return [];
      // The catalog is read before the transaction: on one connection, a read queued behind it would never run.
      const context = await parts.context();
      for (const patch of patches) checkRecordValues(patch, context);
      const bulk = await bulkUpdate<TRecord>(
        bulkParts,
        changes.map((change, i) => ({ id: change.id, patch: patches[i] as Row, where: change.where })),
        options,
      );
      if (bulk) return bulk;
      return runBatch(
        client,
        async (exec) => {
          const updated: TRecord[] = [];
          for (const [i, change] of changes.entries()) {
            // A constraint or data error names the change: `items[i].<field>`.
            const item: RunRows = (text, values, write) => exec(text, values, write && { ...write, item: i });
            updated.push(await parts.update(change.id, patches[i] as Row, { ...options, where: change.where }, item));
          }
          return updated;
        },
        writeError,
      );
    },

    async deleteMany(ids: readonly RecordId[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      if (ids.length === 0) return [];
      const context = await parts.context();
      const type = context.types.get(idField) ?? 'text';
      const holdable = (id: unknown) =>
        (typeof id === 'string' || typeof id === 'number') && sqlValueProblem(type, id) === undefined;
      const usable = ids.filter(holdable);
      const groups = options?.scope == null ? undefined : normalizeScope(options.scope, generic);
      // No statement when nothing can match: the first id is missing whatever the table holds.
      if (usable.length === 0 || (groups && isImpossibleScope(groups, context))) throw notFound(ids[0]);
      const match = `${idColumn} = ANY(${bindList(idField, usable, context)})`;
      const where = groups ? `${match} AND (${compileWhere(groups, context)})` : match;
      const text = `DELETE FROM ${table} WHERE ${where} RETURNING ${context.layout.selectOf()}`;
      return runBatch(
        client,
        async (exec) => {
          const rows = await exec(text, context.params.values, { operation: 'delete' });
          const byKey = new Map(rows.map((row) => [keyText(type, toRecord(row)[idField]), row]));
          const removed: TRecord[] = [];
          for (const id of ids) {
            const key = keyText(type, id);
            const row = holdable(id) ? byKey.get(key) : undefined;
            // Missing, outside the scope, or given before (removed by then): nothing is removed.
            if (row === undefined) throw notFound(id);
            byKey.delete(key);
            removed.push(toRecord(row) as TRecord);
          }
          return removed;
        },
        // A record other records refer to: the detail names its id (`Key (id)=(a1) is still referenced ...`).
        (error, write) => {
          const detail = (error as { detail?: unknown } | null)?.detail;
          const named = typeof detail === 'string' ? /\)=\((.*)\) is still referenced/.exec(detail)?.[1] : undefined;
          const id = named === undefined ? undefined : ids.find((one) => keyText(type, one) === keyText(type, named));
          return writeError(error, { ...write, id: id ?? named });
        },
      );
    },
  };
}
