import { deleteRecord, writeRecord as writeSqlRecord } from '../sql/index';
import {
  duplicateIdError,
  validateCreate,
  validatePatch,
  validateReplace,
  type CreateInput,
  type Patch,
  type RecordId,
  type Repository,
  type ScopeOptions,
} from 'pagelope/kit';
import { checkRecordValues } from './check-values';
import type { PostgresRepositoryParts, Row, WriteOptions } from './postgres-repository-parts';
import type { RunRows } from './run-batch';
import { bindValue } from './sql-context';
import { fieldsOfParams } from './write-fields';

/** The single writes of a PostgreSQL repository: `create`, `update`, `replace` and `delete`. */
type PostgresSingleWrites<TRecord> = Pick<Repository<TRecord>, 'create' | 'update' | 'replace' | 'delete'>;

/**
 * The SQL engine's `writeRecord` on the repository's table: `UPDATE ... SET` each given column (NULL for an absent
 * one, `DEFAULT` for one the database fills) of the record with this id, within the scope (and `where`), run by
 * `exec` (a batch's transaction, or the repository's client).
 */
export async function writeRecord<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  id: RecordId,
  record: Row,
  names: readonly string[],
  options?: WriteOptions<TRecord>,
  exec: RunRows = parts.run,
): Promise<TRecord> {
  return (await writeSqlRecord(parts.record, id, record, names, options, { run: exec })) as TRecord;
}

/** The single writes of the repository of `parts`, each one statement. */
export function createSingleWrites<TRecord>(parts: PostgresRepositoryParts<TRecord>): PostgresSingleWrites<TRecord> {
  const { resource, table, columns, idField, idColumn, name, contextOf, databaseDefaults, filledByDatabase } = parts;
  return {
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      const record = validateCreate(resource, data, { databaseDefaults }) as Row;
      const context = await contextOf();
      if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = parts.generateId();
      checkRecordValues(record, context);
      const names = columns.filter((field) => record[field] !== undefined);
      const placeholders = names.map((field) => bindValue(field, record[field], context));
      // An id left to the database cannot be a duplicate of one the client chose: no ON CONFLICT for it.
      const given = record[idField] !== undefined;
      const [row] = await parts.run(
        `INSERT INTO ${table} ` +
          (names.length === 0
            ? 'DEFAULT VALUES '
            : `(${names.map(name).join(', ')}) VALUES (${placeholders.join(', ')}) `) +
          (given ? `ON CONFLICT (${idColumn}) DO NOTHING ` : '') +
          `RETURNING ${context.layout.selectOf()}`,
        context.params.values,
        { operation: 'create', id: record[idField], record, paramFields: fieldsOfParams(names, placeholders) },
      );
      if (!row) throw duplicateIdError(resource, record[idField]);
      return parts.toRecord(row) as TRecord;
    },
    async update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      // Only the columns the patch names, each value parsed with its own field schema: no default is filled in.
      const changes = validatePatch(resource, patch, id) as Row;
      return writeRecord(parts, id, changes, Object.keys(changes), options);
    },
    async replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = validateReplace(resource, data, id, { databaseDefaults }) as Row;
      return writeRecord(parts, id, record, columns, { ...options, operation: 'replace' });
    },
    async delete(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      return (await deleteRecord(parts.record, id, options, { run: parts.run })) as TRecord;
    },
  };
}
