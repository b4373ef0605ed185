import {
  HttpError,
  validateCreate,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Transaction,
} from 'pagelope/kit';
import { createBatchWrites, type SqlBatchSource } from './create-batch-writes';
import { createListReads, type SqlListingOf } from './create-list-reads';
import { createSingleWrites } from './create-single-writes';
import { createByValuesReads, type SqlByValuesSource, type SqlTableSource } from './read-by-values';
import { readRecord, type SqlRecordRun, type SqlRecordRunner } from './read-record';
import type { SqlRow } from './write-dialect';

/** How a dialect runs the batch writes of a table: its {@link SqlBatchSource} but for the table and `prepare`. */
export type SqlBatchRunning = Omit<SqlBatchSource, keyof SqlTableSource | 'prepare'>;

/** What {@link createSqlRepositoryMethods} assembles a repository of: the dialect's parts of one table. */
export interface SqlRepositoryParts<TRecord> {
  readonly resource: Resource<TRecord>;
  /** The table as the single-record and batch statements read it; its `filledByDatabase` is `databaseDefaults`. */
  readonly table: SqlTableSource;
  /** Where the writes, and the reads of a write (`fresh`), run: the database's connection (the primary). */
  readonly primary: SqlRecordRunner;
  /** Where `get` reads first when the repository has a read replica (absent: none); the primary answers its 404s. */
  readonly replica?: SqlRecordRun | undefined;
  /** The table as the by-value reads read it, on the primary for a write's reads (`fresh`). */
  byValues(fresh: boolean): SqlByValuesSource;
  /** The listing of a query, see `createListReads`. */
  readonly listingOf: SqlListingOf<TRecord>;
  /** How the creates and batch writes run, see `createBatchWrites`. */
  readonly batch: SqlBatchRunning;
  /**
   * `Repository.transaction`, absent where the repository cannot be sure to hold one connection: it then has no batch
   * writes either (all or nothing needs a transaction), but `create`.
   */
  readonly transaction?: (<T>(work: (tx: Transaction) => Promise<T>) => Promise<T>) | undefined;
  /** Makes the id of a created record without one whose id the database does not fill. */
  readonly generateId: () => RecordId;
  /** Values computed in JavaScript for the fields a created record leaves out, by field, in the order called. */
  readonly defaultValues?: ReadonlyMap<string, () => unknown> | undefined;
}

/**
 * The methods of a SQL repository on any dialect, assembled from the SQL engine's parts over the dialect's table:
 * `get` (the replica first, the primary for a 404 there or a `fresh` read), the single writes (`createSingleWrites`),
 * `create` and, with `transaction`, the batch writes (`createBatchWrites`: a create's body validated, its JavaScript
 * defaults and its id filled in), `list` and `listByCursor` (`createListReads`), `listByValues` and `countByValues`
 * (`createByValuesReads`), and `databaseDefaults`.
 */
export function createSqlRepositoryMethods<TRecord>(parts: SqlRepositoryParts<TRecord>): Repository<TRecord> {
  const { resource, table, primary, replica, transaction } = parts;
  const generic = resource as Resource;
  const { idField } = resource;
  const databaseDefaults = Object.freeze([...table.filledByDatabase]);
  const read = async (id: RecordId, options: ScopeOptions<TRecord> | undefined, run: SqlRecordRun) =>
    (await readRecord(table, id, options, run)) as TRecord;
  const { create, ...batchWrites } = createBatchWrites<TRecord>({
    ...table,
    ...parts.batch,
    prepare(data) {
      const record = validateCreate(generic, data, { databaseDefaults }) as SqlRow;
      for (const [field, value] of parts.defaultValues ?? []) if (record[field] === undefined) record[field] = value();
      if (record[idField] === undefined && !table.filledByDatabase.has(idField)) record[idField] = parts.generateId();
      return record;
    },
  });
  return {
    databaseDefaults,
    ...(transaction && { transaction, ...batchWrites }),
    create,
    async get(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      if (!replica || options?.fresh === true) return read(id, options, primary.run);
      // Not on the replica (not there yet, or outside the scope there): the primary answers, 404 included.
      return read(id, options, replica).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return read(id, options, primary.run);
        throw error;
      });
    },
    ...createSingleWrites<TRecord>(table, primary),
    ...createListReads<TRecord>(generic, parts.listingOf),
    ...createByValuesReads<TRecord>((fresh) => parts.byValues(fresh)),
  };
}
