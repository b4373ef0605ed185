import type { Patch } from '../kit/index';
import type { RecordId } from '../resource/index';
import type { BatchDeps } from './batch-deps';
import { afterEach, itemContext } from './batch-item-hooks';
import { batchStart } from './batch-start';
import { currentOf, idsOf, missingMessage } from './batch-reads';
import { updateAll, versionOf, writeAll } from './batch-write-all';
import type { OperationOptions } from './resource-service';

/**
 * The service's `deleteMany`: the missing ids as 404s and the before-hooks of `delete` per id, every problem in one
 * error, then every record removed (or soft-deleted, unless `permanent`) in one repository call or one transaction,
 * then the after-hooks per record.
 */
export async function batchDeleteMany<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  value: unknown,
  options: OperationOptions<TLocals> & { readonly permanent?: boolean | undefined },
): Promise<TRecord[]> {
  const { resource, rules } = deps;
  const soft = rules.softDelete !== undefined && options.permanent !== true ? rules.softDelete : undefined;
  const start = { value, list: 'ids', operation: 'delete', options } as const;
  return batchStart(deps, start, async ({ list, repository, bound, scope, problems }) => {
    const where = soft === undefined ? deps.within(scope, 'all') : deps.within(scope);
    const given = idsOf(deps, list, problems, () => '');
    const current = await currentOf(resource, repository, given, where);
    current.forEach((record, i) => {
      if (record === undefined && deps.recordIdOf(list[i]) !== undefined)
        problems.note(i, missingMessage(resource, given[i]), 404);
    });
    problems.throwIfAny();
    // Every id is known here: a missing or unreadable one is a problem thrown above.
    const ids = given.filter((id): id is RecordId => id !== undefined);
    for (let i = 0; i < ids.length; i++)
      try {
        await deps.notify('onBeforeDelete', itemContext(deps, bound, options, { id: ids[i] }), 'id', ids[i]);
      } catch (error) {
        problems.add(i, error);
      }
    problems.throwIfAny();
    let removed: TRecord[];
    if (soft === undefined) {
      removed = await writeAll(
        repository,
        repository.deleteMany ? (r) => r.deleteMany!(ids, where) : undefined,
        (r, i) => r.delete(ids[i] as RecordId, where),
        ids.length,
        deps,
      );
    } else {
      const now = new Date();
      const changes = ids.map((id, i) => {
        const { where: condition, stamp } = versionOf<TRecord>(rules, current[i]);
        return { id, patch: { [soft]: now, ...stamp } as Patch<TRecord>, where: condition };
      });
      removed = await updateAll(repository, changes, where, deps);
    }
    return afterEach(deps, removed, 'onAfterDelete', (i) => ({ id: ids[i] }), { options, bound });
  });
}
