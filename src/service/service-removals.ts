import { HttpError } from '../errors/index';
import type { Patch } from '../kit/index';
import type { WhereClause } from '../query/index';
import type { RecordIdOf } from '../resource/index';
import { andWhere, preconditionFailed, readIfMatch, versionMatches } from './lifecycle';
import type { DeleteOptions, WriteOptions } from './resource-service';
import type { ServiceCore } from './service-core';

type Row = Record<string, unknown>;

/**
 * The service's `delete`: a soft delete (the soft-delete field set to now) on a resource with one unless
 * `permanent`, else a removal (of a soft-deleted record too), under If-Match.
 */
export function serviceDelete<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  given: RecordIdOf<TRecord> | string,
  options: DeleteOptions<TLocals>,
): Promise<TRecord> {
  const { conditional, forWrite } = core;
  const key = core.recordIdOf(given);
  const context = core.lazyContext(options, { id: key ?? given });
  return core.writtenById('onAfterErrorDelete', context, key, given, async (repository, context, id, after) => {
    await core.notify('onBeforeDelete', context, 'id', id);
    const scope = await core.scopeFor('delete', context);
    const match = readIfMatch(options.ifMatch);
    const soft = core.rules.softDelete;
    const entity =
      soft === undefined || options.permanent === true
        ? // A permanent delete also removes a record that is already soft-deleted.
          await conditional(repository, id, forWrite(scope, 'all'), match, (bound) => repository.delete(id, bound))
        : await conditional(repository, id, forWrite(scope), match, (bound, stamp) =>
            repository.update(id, { [soft]: new Date(), ...stamp } as Patch<TRecord>, bound),
          );
    return core.hide.record(await after('onAfterDelete', context, entity));
  });
}

/**
 * The service's `restore`: the soft-delete field of a deleted record cleared, under If-Match; a record that is not
 * deleted (or was restored by a concurrent call) is answered as it is.
 *
 * @throws HttpError 400 on a resource without soft delete.
 */
export function serviceRestore<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  given: RecordIdOf<TRecord> | string,
  options: WriteOptions<TLocals>,
): Promise<TRecord> {
  const { rules } = core;
  const key = core.recordIdOf(given);
  const context = core.lazyContext(options, { id: key ?? given });
  return core.writtenById('onAfterErrorRestore', context, key, given, async (repository, context, id, after) => {
    const soft = rules.softDelete;
    if (soft === undefined) throw new HttpError(400, `${JSON.stringify(core.generic.name)} has no soft delete`);
    await core.notify('onBeforeRestore', context, 'id', id);
    const scope = await core.scopeFor('restore', context);
    const match = readIfMatch(options.ifMatch);
    const all = core.forWrite(scope, 'all');
    const current = (await repository.get(id, all)) as Row;
    // Not deleted: answered as it is (If-Match still has to match).
    const live = (record: Row): TRecord => {
      if (match !== undefined && rules.version !== undefined && !versionMatches(match, record[rules.version]))
        throw preconditionFailed();
      if (match !== undefined && rules.version === undefined && !('any' in match)) throw preconditionFailed();
      return record as TRecord;
    };
    let entity: TRecord;
    if (current[soft] == null) entity = live(current);
    else {
      const deleted = { scope: andWhere(all.scope, { [soft]: { notnull: true } } as WhereClause<TRecord>) };
      entity = await core
        .conditional(
          repository,
          id,
          deleted,
          match,
          (bound, stamp) => repository.update(id, { [soft]: null, ...stamp } as Patch<TRecord>, bound),
          current,
        )
        .catch(async (error: unknown) => {
          // Restored by a concurrent call since it was read: answered as a record that is not deleted, not a 404.
          if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
          const now = (await repository.get(id, all)) as Row;
          if (now[soft] != null) throw error;
          return live(now);
        });
    }
    return core.hide.record(await after('onAfterRestore', context, entity));
  });
}
