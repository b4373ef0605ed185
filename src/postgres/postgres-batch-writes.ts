import {
  duplicateIdError,
  normalizeScope,
  notFoundError,
  validateCreate,
  validatePatch,
  type BatchChange,
  type CreateInput,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Where,
} from 'pagelope/kit';
import { bulkUpdate } from './bulk-update';
import { checkRecordValues, isImpossibleScope } from './check-values';
import { compileWhere } from './compile-where';
import type { WriteErrorContext } from './constraint-error';
import { insertStatements, type InsertTarget } from './insert-statements';
import { keyText } from './key-text';
import { locateFailedItem } from './locate-failed-item';
import { runBatch, type RunRows } from './run-batch';
import type { SqlClient } from './sql-client';
import { bindList } from './sql-context';
import { sqlValueProblem } from './sql-values';
import type { StatementContext } from './statement-context';
import { rootClientOf } from './transaction';

type Row = Record<string, unknown>;

/** What the batch writes need of the PostgreSQL repository they belong to. */
export interface PostgresBatchParts<TRecord> extends InsertTarget {
  readonly resource: Resource<TRecord>;
  /** The repository's client (a transaction's connection for a repository bound by `tx.repository`). */
  readonly client: SqlClient;
  /** The quoted id column. */
  readonly idColumn: string;
  readonly databaseDefaults: readonly string[];
  /** Makes the id of a record created without one (unless the database fills it in). */
  readonly generateId: () => RecordId;
  readonly toRecord: (row: Row) => Row;
  /** Runs a statement on the repository's client, its constraint and data errors mapped. */
  readonly run: RunRows;
  /** Turns a constraint or data error of a write into the client's error. */
  readonly writeError: (error: unknown, write: WriteErrorContext) => Promise<unknown>;
  /** The single update of one record within the scope and `where`, its statements run by `exec`. */
  readonly update: (
    id: RecordId,
    changes: Row,
    options: ScopeOptions<TRecord> & { readonly where?: Where<TRecord> | undefined },
    exec: RunRows,
  ) => Promise<TRecord>;
}

/** The batch writes of a PostgreSQL repository: `createMany`, `updateMany` and `deleteMany`. */
export type PostgresBatchWrites<TRecord> = Required<
  Pick<Repository<TRecord>, 'createMany' | 'updateMany' | 'deleteMany'>
>;

/** The values of `records` by field, each the longest string or the largest number: what makes a column overflow. */
function widestValues(records: readonly Row[]): Row {
  const widest: Row = {};
  const size = (value: unknown) =>
    typeof value === 'string' ? [...value].length : typeof value === 'number' ? Math.abs(value) : -1;
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      if (value == null) continue;
      if (!(field in widest) || size(value) > size(widest[field])) widest[field] = value;
    }
  }
  return widest;
}

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
  const { resource, client, table, idField, idColumn, databaseDefaults, toRecord, run, writeError } = parts;
  const generic = resource as Resource;
  const filledByDatabase = new Set(databaseDefaults);
  const notFound = (id: unknown) => notFoundError(resource, id);
  const inTransaction = rootClientOf(client) !== client;
  const bulkParts = { ...parts, resource: generic, databaseDefaults: filledByDatabase };

  /** The first item whose id is stored already or repeats an earlier one's, by a read of the stored ids. */
  const firstDuplicate = async (ids: readonly unknown[], context: StatementContext): Promise<unknown> => {
    const type = context.types.get(idField) ?? 'text';
    const usable = ids.filter((id) => id !== undefined && sqlValueProblem(type, id) === undefined);
    const rows =
      usable.length === 0
        ? []
        : await run(
            `SELECT ${idColumn} AS "~id" FROM ${table} WHERE ${idColumn} = ANY(${bindList(idField, usable, context)})`,
            context.params.values,
          );
    const taken = new Set(rows.map((row) => keyText(type, row['~id'])));
    for (const id of ids) {
      if (id === undefined) continue;
      const key = keyText(type, id);
      if (taken.has(key)) return id;
      taken.add(key);
    }
    return undefined;
  };

  return {
    async createMany(data: readonly CreateInput<TRecord>[]): Promise<TRecord[]> {
      // Every record validated and checked before any statement: the 400 of the first bad one.
      const records = Array.from(data, (item) => validateCreate(resource, item, { databaseDefaults }) as Row);
      if (records.length === 0) return [];
      const context = await parts.context();
      for (const record of records) {
        if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = parts.generateId();
        checkRecordValues(record, context);
      }
      const ids = records.map((record) => record[idField]);
      const type = context.types.get(idField) ?? 'text';
      const given = ids.filter((id) => id !== undefined).map((id) => keyText(type, id));
      if (new Set(given).size < given.length) {
        throw duplicateIdError(resource, await firstDuplicate(ids, await parts.context()));
      }
      const statements = await insertStatements(records, parts);
      const write = (statement: (typeof statements)[number]): WriteErrorContext => ({
        operation: 'create',
        record: widestValues(statement.records),
        paramFields: statement.paramFields,
      });
      // A unique violation of the id names no item: the stored ids are read to find the first duplicate. Any other
      // constraint or data error of a statement of several records is located by replaying the items one by one.
      const createError = async (error: unknown, context: WriteErrorContext) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === '23505') {
          const duplicate = await firstDuplicate(ids, await parts.context());
          if (duplicate !== undefined) return duplicateIdError(resource, duplicate);
        }
        if (records.length < 2 || typeof code !== 'string' || !/^2[23]/.test(code)) return writeError(error, context);
        const failed = await locateFailedItem(client, records.length, async (i) => {
          const [statement] = await insertStatements([records[i] as Row], parts);
          return statement as (typeof statements)[number];
        });
        if (!failed) return writeError(error, context);
        const record = records[failed.index] as Row;
        return writeError(failed.error, {
          operation: 'create',
          id: record[idField],
          record,
          paramFields: failed.statement.paramFields,
          item: failed.index,
        });
      };
      const [first] = statements;
      let rows: readonly Row[];
      if (statements.length === 1 && first && !inTransaction) {
        // One statement is atomic on its own.
        try {
          rows = await run(first.text, first.values);
        } catch (error) {
          throw await createError(error, write(first));
        }
      } else {
        // Several statements, or one inside a caller's transaction (which its failure would end), run in a
        // transaction or a savepoint of their own.
        rows = await runBatch(
          client,
          async (exec) => {
            const out: Row[] = [];
            // Row by row: a statement may return tens of thousands, too many to spread as arguments.
            for (const statement of statements) {
              for (const row of await exec(statement.text, statement.values, write(statement))) out.push(row);
            }
            return out;
          },
          createError,
        );
      }
      // PostgreSQL returns the rows of VALUES in order; paired by id where every id is known, to be sure of it.
      const created = rows.map((row) => toRecord(row) as TRecord);
      if (ids.some((id) => id === undefined) || created.length !== ids.length) return created;
      const byKey = new Map(created.map((record) => [keyText(type, (record as Row)[idField]), record]));
      return ids.map((id) => byKey.get(keyText(type, id)) as TRecord);
    },

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
