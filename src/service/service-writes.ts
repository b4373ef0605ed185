import type { CreateInput, Patch } from '../kit/index';
import { checkBody, validateWrite, type RecordIdOf } from '../resource/index';
import { readIfMatch } from './lifecycle';
import { refuseReservedId } from './reserved-ids';
import type { OperationOptions, WriteOptions } from './resource-service';
import type { ServiceCore } from './service-core';

type Row = Record<string, unknown>;

/** The service's `create`: body checks, before-hooks, the scope stamped and checked, validation, references, write. */
export function serviceCreate<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  body: unknown,
  options: OperationOptions<TLocals>,
): Promise<TRecord> {
  const { generic } = core;
  const context = core.lazyContext(options, { body });
  return core.written('onAfterErrorCreate', context, async (repository, context, after) => {
    const checked = checkBody(generic, body, 'create');
    refuseReservedId(generic, checked);
    const data = await core.chain('onBeforeCreate', context, 'body', checked);
    const scope = await core.scopeFor('create', context);
    const record = validateWrite(generic, core.stampNew(scope ? scope.stamp(data) : data), checked, {
      mode: 'create',
      databaseDefaults: core.databaseDefaults,
    });
    scope?.assertWithin(record);
    await core.references.assert({ record, given: checked }, context);
    const entity = await repository.create(record as CreateInput<TRecord>);
    return core.hide.record(await after('onAfterCreate', context, entity));
  });
}

/** The service's `update`: as `create` for a patch, the merged record checked against the scope, under If-Match. */
export function serviceUpdate<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  given: RecordIdOf<TRecord> | string,
  patch: unknown,
  options: WriteOptions<TLocals>,
): Promise<TRecord> {
  const { generic } = core;
  const key = core.recordIdOf(given);
  const context = core.lazyContext(options, { id: key ?? given, patch });
  return core.writtenById('onAfterErrorUpdate', context, key, given, async (repository, context, id, after) => {
    const checked = checkBody(generic, patch, 'update', id);
    const changes = await core.chain('onBeforeUpdate', context, 'patch', checked);
    const scope = await core.scopeFor('update', context);
    const valid = validateWrite(generic, changes, checked, { mode: 'update', id });
    const where = core.forWrite(scope);
    // A patch that names a field the scope reads could move the record out of it: check the merged record.
    let known: Row | undefined;
    if (scope?.reads(valid)) {
      known = (await repository.get(id, where)) as Row;
      scope.assertWithin({ ...known, ...valid });
    }
    await core.references.assert({ record: valid, given: checked }, context);
    const entity = await core.conditional(
      repository,
      id,
      where,
      readIfMatch(options.ifMatch),
      (bound, stamp) => repository.update(id, core.stamped(valid, stamp, 'update', id) as Patch<TRecord>, bound),
      known,
    );
    return core.hide.record(await after('onAfterUpdate', context, entity));
  });
}

/**
 * The service's `replace`: as `create` over the stored record, whose read-only and hidden fields are kept unless a
 * before-hook set them, under If-Match.
 */
export function serviceReplace<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  given: RecordIdOf<TRecord> | string,
  body: unknown,
  options: WriteOptions<TLocals>,
): Promise<TRecord> {
  const { generic } = core;
  const key = core.recordIdOf(given);
  const context = core.lazyContext(options, { id: key ?? given, body });
  return core.writtenById('onAfterErrorReplace', context, key, given, async (repository, context, id, after) => {
    const checked = checkBody(generic, body, 'replace', id);
    const data = { ...(await core.chain('onBeforeReplace', context, 'body', checked)) };
    const scope = await core.scopeFor('replace', context);
    // Read-only and hidden fields are the server's: clients cannot send them, so they keep their stored values
    // unless a before-hook set them.
    const kept = core.protectedFields.filter((field) => (data as Row)[field] === undefined);
    const where = core.forWrite(scope);
    let known: Row | undefined;
    if (scope !== undefined || kept.length > 0) known = (await repository.get(id, where)) as Row;
    /** The record to store over `current` (its kept fields), checked. */
    const recordOver = (current: Row | undefined): Row => {
      const merged = { ...(data as Row) };
      if (current !== undefined)
        for (const field of kept) if (current[field] !== undefined) merged[field] = current[field];
      const record = validateWrite(generic, scope ? scope.stamp(merged) : merged, checked, {
        mode: 'replace',
        id,
        databaseDefaults: core.databaseDefaults,
      });
      scope?.assertWithin(record);
      return record as Row;
    };
    const first = recordOver(known);
    await core.references.assert({ record: first, given: checked }, context);
    const entity = await core.conditional(
      repository,
      id,
      where,
      readIfMatch(options.ifMatch),
      (bound, stamp, current) =>
        repository.replace(
          id,
          core.stamped(current === known ? first : recordOver(current), stamp, 'replace', id) as CreateInput<TRecord>,
          bound,
        ),
      known,
    );
    return core.hide.record(await after('onAfterReplace', context, entity));
  });
}
