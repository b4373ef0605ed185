import type { Patch } from '../kit/index';
import { checkBody, validateWrite, type RecordId } from '../resource/index';
import type { BatchDeps } from './batch-deps';
import { afterEach, itemContext, refuseReferences, type IndexedWrite } from './batch-item-hooks';
import type { BatchProblems } from './batch-problems';
import { batchStart } from './batch-start';
import { currentOf, idsOf, missingMessage } from './batch-reads';
import { updateAll, versionOf, type VersionedChange } from './batch-write-all';
import type { OperationOptions } from './resource-service';

type Row = Record<string, unknown>;

/** The id each item names (`undefined` for an item that is not an object, noted in `problems`). */
function givenIds(items: readonly unknown[], idField: string, problems: BatchProblems) {
  const notObjects = new Set<number>();
  const given = items.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.note(i, 'each item must be a JSON object holding the id and the changes');
      notObjects.add(i);
      return undefined;
    }
    return (item as Row)[idField];
  });
  return { given, notObjects };
}

/**
 * The service's `updateMany`: every item (`{ id, ...patch }`) through the checks and before-hooks of `update`, the
 * missing ids as 404s, every problem of every item in one error, then all written in one repository call or one
 * transaction (each change under its record's version), then the after-hooks per item.
 */
export async function batchUpdateMany<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  value: unknown,
  options: OperationOptions<TLocals>,
): Promise<TRecord[]> {
  const { resource } = deps;
  const idField = resource.idField;
  const start = { value, list: 'items', operation: 'update', options } as const;
  return batchStart(deps, start, async ({ list: items, repository, bound, scope, problems }) => {
    const where = deps.within(scope);
    const { given, notObjects } = givenIds(items, idField, problems);
    const ids = idsOf(deps, given, problems, () => `${idField}: `, notObjects);
    const current = await currentOf(resource, repository, ids, where);
    const changes: VersionedChange<TRecord>[] = [];
    const written: IndexedWrite[] = [];
    for (let i = 0; i < items.length; i++) {
      const id = ids[i] as RecordId;
      if (given[i] === undefined) continue;
      if (current[i] === undefined) {
        if (deps.recordIdOf(given[i]) !== undefined) problems.note(i, missingMessage(resource, id), 404);
        continue;
      }
      const patch: Row = { ...(items[i] as Row) };
      delete patch[idField];
      const item = itemContext(deps, bound, options, { id, patch });
      try {
        const checked = checkBody(resource, patch, 'update', id);
        const changed = await deps.chain('onBeforeUpdate', item, 'patch', checked);
        const valid = validateWrite(resource, changed, checked, { mode: 'update', id });
        if (scope?.reads(valid)) scope.assertWithin({ ...current[i], ...valid });
        const { where: condition, stamp } = versionOf<TRecord>(deps.rules, current[i]);
        changes.push({ id, patch: deps.stamped(valid, stamp, 'update', id) as Patch<TRecord>, where: condition });
        written.push({ index: i, record: valid, given: checked });
      } catch (error) {
        problems.add(i, error);
      }
    }
    await refuseReferences(deps, written, problems, bound);
    problems.throwIfAny();
    const updated = await updateAll(repository, changes, where, deps);
    return afterEach(deps, updated, 'onAfterUpdate', (i) => ({ id: ids[i], patch: items[i] }), { options, bound });
  });
}
