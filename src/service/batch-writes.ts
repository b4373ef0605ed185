import { HttpError } from '../errors/index';
import { listByValues, type BatchChange, type Repository, type ScopeOptions } from '../kit/index';
import type { Where } from '../query/index';
import { checkBody, notFoundError, validateWrite, type RecordId, type Resource } from '../resource/index';
import { BatchProblems, batchList } from './batch-problems';
import { refuseReservedId } from './reserved-ids';
import type { OperationContext, ServiceOperation } from './contexts';
import { andWhere, type LifecycleRules } from './lifecycle';
import type { ReferenceCheck, ReferenceWrite } from './reference-check';
import type { ScopeCheck } from './scope-check';
import type { WriteRunner } from './write-transaction';

type Row = Record<string, unknown>;
type Context = () => OperationContext<unknown, unknown>;
type Options = { readonly headers?: unknown; readonly correlationId?: string; readonly locals?: unknown };

/** What the batch writes borrow from their service: its resource, repository, rules and steps. */
export interface BatchDeps {
  readonly resource: Resource;
  readonly repository: Repository<unknown>;
  readonly rules: LifecycleRules;
  readonly databaseDefaults: readonly string[] | undefined;
  /** Whether the service runs each write in a transaction of its own (the runner then opens it). */
  readonly transactional: boolean;
  readonly write: WriteRunner<unknown, unknown>;
  readonly contextOf: (options: Options, extra: object) => Context;
  readonly chain: <T>(event: string, context: Context, key: string, value: T) => Promise<T>;
  readonly notify: (event: string, context: Context, key: string, value: unknown) => Promise<void>;
  readonly scopeFor: (operation: ServiceOperation, context: Context) => Promise<ScopeCheck<unknown> | undefined>;
  readonly within: (scope: ScopeCheck<unknown> | undefined, mode?: 'all') => ScopeOptions<unknown> | undefined;
  /** The check of the to-one foreign keys the items name, against the related services' scopes. */
  readonly references: ReferenceCheck;
  readonly stampNew: (data: Row) => Row;
  readonly stamped: (valid: Row, stamp: Row, mode: 'update' | 'replace', id: RecordId) => Row;
  readonly hide: (record: unknown) => unknown;
  readonly recordIdOf: (id: unknown) => RecordId | undefined;
}

/** The service's batch writes: `createMany`, `updateMany` and `deleteMany`. */
export interface BatchWrites {
  createMany(items: unknown, options?: Options): Promise<unknown[]>;
  updateMany(items: unknown, options?: Options): Promise<unknown[]>;
  deleteMany(ids: unknown, options?: Options & { readonly permanent?: boolean | undefined }): Promise<unknown[]>;
}

/**
 * The batch writes of a service. Each validates every item first, through the checks and before-hooks of its
 * single-item operation, and reports every problem of every item in one error; then writes all items in one
 * repository call or one transaction (nothing when any fails), then runs the after-hooks per item.
 */
export function createBatchWrites(deps: BatchDeps): BatchWrites {
  const { resource, rules } = deps;
  const idField = resource.idField;

  /**
   * Writes all items: through the repository's batch method, else one by one inside the service's transaction or
   * one of the repository's.
   *
   * @throws Error (a server fault) for a repository with neither.
   */
  async function writeAll<T>(
    repository: Repository<unknown>,
    many: ((repository: Repository<unknown>) => Promise<T[]>) | undefined,
    one: (repository: Repository<unknown>, index: number) => Promise<T>,
    count: number,
  ): Promise<T[]> {
    if (many !== undefined) return many(repository);
    const each = async (bound: Repository<unknown>) => {
      const out: T[] = [];
      for (let i = 0; i < count; i++) out.push(await one(bound, i));
      return out;
    };
    if (deps.transactional) return each(repository);
    if (typeof repository.transaction === 'function')
      return repository.transaction((tx) => each(tx.repository(repository)));
    throw new Error(
      `pagelope: a batch write of "${resource.name}" needs a repository with createMany/updateMany/deleteMany or transaction`,
    );
  }

  /** The stored records of `ids` within `where` (`undefined` for a missing one), in the order of `ids`. */
  async function currentOf(
    repository: Repository<unknown>,
    given: readonly (RecordId | undefined)[],
    where: ScopeOptions<unknown> | undefined,
  ): Promise<(Row | undefined)[]> {
    const scope = where?.scope as Where<unknown> | undefined;
    const ids = given.filter((id): id is RecordId => id !== undefined);
    if (ids.length === 0) return given.map(() => undefined);
    const found = (
      repository.listByValues
        ? await repository.listByValues(idField as never, ids, { scope, ordered: false, fresh: where?.fresh })
        : await listByValues(repository as Repository<Row>, {
            resource: resource as never,
            field: idField as never,
            values: ids,
            scope: scope as never,
          })
    ) as Row[];
    const byId = new Map(found.map((record) => [record[idField], record]));
    return given.map((id) => (id === undefined ? undefined : byId.get(id)));
  }

  /**
   * The ids of a batch, each as the id field's schema reads it: a missing one, or one that is neither a string nor a
   * number, is a 400; a string or number the schema cannot read the 404 of a missing id (as in a path); one given
   * twice a 400 (all reported with the others).
   */
  function idsOf(
    values: readonly unknown[],
    problems: BatchProblems,
    at: (index: number) => string,
    skip: ReadonlySet<number> = new Set(),
  ) {
    const ids: RecordId[] = [];
    const seen = new Set<unknown>();
    values.forEach((value, index) => {
      ids.push(undefined as never);
      if (skip.has(index)) return;
      if (value === undefined) {
        problems.note(index, `${at(index)}required`);
        return;
      }
      if (typeof value !== 'string' && typeof value !== 'number') {
        problems.note(index, `${at(index)}must be an id (a string or a number)`);
        return;
      }
      const id = deps.recordIdOf(value);
      if (id === undefined) problems.note(index, `${at(index)}${missing(value)}`, 404);
      else if (seen.has(id)) problems.note(index, `${at(index)}${JSON.stringify(id)} is given twice`);
      seen.add(id);
      ids[index] = id as RecordId;
    });
    return ids;
  }

  /**
   * The context of one item's hooks, with the batch's `transaction` (the one `bound`, the batch's context inside
   * the service's write runner, carries) when the batch runs in one: a write through it is part of the batch.
   */
  const itemContext = (bound: Context, options: Options, extra: object): Context =>
    deps.contextOf(options, deps.transactional ? { ...extra, transaction: bound().transaction } : extra);

  /** Notes, as a 409 of its item, each foreign key of the written items that names a record the caller cannot see. */
  async function refuseReferences(
    written: readonly (ReferenceWrite & { readonly index: number })[],
    problems: BatchProblems,
    bound: Context,
  ): Promise<void> {
    const refused = await deps.references.problems(written, bound);
    refused.forEach((messages, k) => {
      for (const message of messages) problems.note(written[k]?.index ?? k, message, 409);
    });
  }

  /** The message of the 404 of a missing id. */
  const missing = (id: unknown): string => {
    const message = notFoundError(resource, id).message;
    return typeof message === 'string' ? message : message.join('; ');
  };

  /** The version condition and the next version of a stored record (none without a version field). */
  const versionOf = (current: Row | undefined): { where?: Where<unknown>; stamp: Row } => {
    const field = rules.version;
    if (field === undefined || current === undefined) return { stamp: {} };
    const version = current[field] as number;
    return { where: { [field]: version } as never, stamp: { [field]: version + 1 } };
  };

  /** A 404 met while writing (a record changed or went since it was read) is a 409 for a versioned resource. */
  const raced = (error: unknown): never => {
    if (rules.version !== undefined && error instanceof HttpError && error.statusCode === 404)
      throw new HttpError(409, 'a record of the batch changed while it was written; nothing was written');
    throw error;
  };

  return {
    async createMany(value, options = {}) {
      const items = batchList(value, 'items');
      const context = deps.contextOf(options, { body: items });
      return deps.write(context, async (repository, bound) => {
        const scope = await deps.scopeFor('create', bound);
        const problems = new BatchProblems('items');
        const records: Row[] = [];
        const written: (ReferenceWrite & { readonly index: number })[] = [];
        const ids = new Map<unknown, number>();
        for (let i = 0; i < items.length; i++) {
          const item = itemContext(bound, options, { body: items[i] });
          try {
            const checked = checkBody(resource, items[i], 'create');
            refuseReservedId(resource, checked);
            const data = await deps.chain('onBeforeCreate', item, 'body', checked);
            const record = validateWrite(resource, deps.stampNew(scope ? scope.stamp(data) : data), checked, {
              mode: 'create',
              databaseDefaults: deps.databaseDefaults ?? [],
            });
            scope?.assertWithin(record);
            const id = record[idField];
            if (id !== undefined && ids.has(id))
              problems.note(i, `${idField}: ${JSON.stringify(id)} is also the id of items[${ids.get(id)}]`, 409);
            if (id !== undefined && !ids.has(id)) ids.set(id, i);
            records.push(record);
            written.push({ index: i, record, given: checked });
          } catch (error) {
            problems.add(i, error);
          }
        }
        await refuseReferences(written, problems, bound);
        problems.throwIfAny();
        const created = await writeAll(
          repository,
          repository.createMany ? (r) => r.createMany!(records as never) : undefined,
          (r, i) => r.create(records[i] as never),
          records.length,
        );
        return afterEach(created, 'onAfterCreate', (i) => ({ body: items[i] }), options, bound);
      });
    },

    async updateMany(value, options = {}) {
      const items = batchList(value, 'items');
      const context = deps.contextOf(options, { body: items });
      return deps.write(context, async (repository, bound) => {
        const scope = await deps.scopeFor('update', bound);
        const where = deps.within(scope);
        const problems = new BatchProblems('items');
        const notObjects = new Set<number>();
        const given = items.map((item, i) => {
          if (typeof item !== 'object' || item === null || Array.isArray(item)) {
            problems.note(i, 'each item must be a JSON object holding the id and the changes');
            notObjects.add(i);
            return undefined;
          }
          return (item as Row)[idField];
        });
        const ids = idsOf(given, problems, () => `${idField}: `, notObjects);
        const current = await currentOf(repository, ids, where);
        const changes: BatchChange<unknown>[] = [];
        const written: (ReferenceWrite & { readonly index: number })[] = [];
        for (let i = 0; i < items.length; i++) {
          const id = ids[i] as RecordId;
          if (given[i] === undefined) continue;
          if (current[i] === undefined) {
            if (deps.recordIdOf(given[i]) !== undefined) problems.note(i, missing(id), 404);
            continue;
          }
          const patch: Row = { ...(items[i] as Row) };
          delete patch[idField];
          const item = itemContext(bound, options, { id, patch });
          try {
            const checked = checkBody(resource, patch, 'update', id);
            const changed = await deps.chain('onBeforeUpdate', item, 'patch', checked);
            const valid = validateWrite(resource, changed, checked, { mode: 'update', id });
            if (scope?.reads(valid)) scope.assertWithin({ ...current[i], ...valid });
            const { where: condition, stamp } = versionOf(current[i]);
            changes.push({ id, patch: deps.stamped(valid, stamp, 'update', id), where: condition });
            written.push({ index: i, record: valid, given: checked });
          } catch (error) {
            problems.add(i, error);
          }
        }
        await refuseReferences(written, problems, bound);
        problems.throwIfAny();
        const updated = await updateAll(repository, changes, where);
        return afterEach(updated, 'onAfterUpdate', (i) => ({ id: ids[i], patch: items[i] }), options, bound);
      });
    },

    async deleteMany(value, options = {}) {
      const list = batchList(value, 'ids');
      const soft = rules.softDelete !== undefined && options.permanent !== true ? rules.softDelete : undefined;
      const context = deps.contextOf(options, { ids: list });
      return deps.write(context, async (repository, bound) => {
        const scope = await deps.scopeFor('delete', bound);
        const where = soft === undefined ? deps.within(scope, 'all') : deps.within(scope);
        const problems = new BatchProblems('ids');
        const ids = idsOf(list, problems, () => '');
        const current = await currentOf(repository, ids, where);
        current.forEach((record, i) => {
          if (record === undefined && deps.recordIdOf(list[i]) !== undefined) problems.note(i, missing(ids[i]), 404);
        });
        problems.throwIfAny();
        for (let i = 0; i < ids.length; i++)
          try {
            await deps.notify('onBeforeDelete', itemContext(bound, options, { id: ids[i] }), 'id', ids[i]);
          } catch (error) {
            problems.add(i, error);
          }
        problems.throwIfAny();
        let removed: unknown[];
        if (soft === undefined) {
          removed = await writeAll(
            repository,
            repository.deleteMany ? (r) => r.deleteMany!(ids, where) : undefined,
            (r, i) => r.delete(ids[i] as RecordId, where),
            ids.length,
          );
        } else {
          const now = new Date();
          const changes = ids.map((id, i) => {
            const { where: condition, stamp } = versionOf(current[i]);
            return { id, patch: { [soft]: now, ...stamp }, where: condition };
          });
          removed = await updateAll(repository, changes, where);
        }
        return afterEach(removed, 'onAfterDelete', (i) => ({ id: ids[i] }), options, bound);
      });
    },
  };

  /**
   * Applies every change: through `updateMany`, else one `update` each (its `where` ANDed into the scope) inside a
   * transaction; a record that changed since it was read is a 409 on a versioned resource.
   */
  function updateAll(
    repository: Repository<unknown>,
    changes: readonly BatchChange<unknown>[],
    where: ScopeOptions<unknown> | undefined,
  ): Promise<unknown[]> {
    return writeAll(
      repository,
      repository.updateMany ? (r) => r.updateMany!(changes, where) : undefined,
      (r, i) => {
        const change = changes[i] as BatchChange<unknown>;
        const scoped = change.where === undefined ? where : { scope: andWhere(where?.scope, change.where as never) };
        return r.update(change.id, change.patch, scoped);
      },
      changes.length,
    ).catch(raced);
  }

  /**
   * Runs `event`'s handlers for each written record (each may replace it; each gets the batch's transaction, from
   * `bound`), then removes hidden fields.
   */
  async function afterEach(
    records: readonly unknown[],
    event: string,
    extra: (index: number) => object,
    options: Options,
    bound: Context,
  ): Promise<unknown[]> {
    const out: unknown[] = [];
    for (let i = 0; i < records.length; i++) {
      const context = itemContext(bound, options, extra(i));
      out.push(deps.hide(await deps.chain(event, context, 'entity', records[i])));
    }
    return out;
  }
}
