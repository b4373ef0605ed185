import { checkBody, validateWrite } from '../resource/index';
import type { BatchDeps } from './batch-deps';
import { afterEach, itemContext, refuseReferences, type IndexedWrite } from './batch-item-hooks';
import { batchStart } from './batch-start';
import { createAll } from './batch-write-all';
import { refuseReservedId } from './reserved-ids';
import type { OperationOptions } from './resource-service';

type Row = Record<string, unknown>;

/**
 * The service's `createMany`: every item through the checks and before-hooks of `create`, every problem of every
 * item in one error, then all written in one repository call or one transaction, then the after-hooks per item.
 */
export async function batchCreateMany<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  value: unknown,
  options: OperationOptions<TLocals>,
): Promise<TRecord[]> {
  const { resource } = deps;
  const idField = resource.idField;
  const start = { value, list: 'items', operation: 'create', options } as const;
  return batchStart(deps, start, async ({ list: items, repository, bound, scope, problems }) => {
    const records: Row[] = [];
    const written: IndexedWrite[] = [];
    const ids = new Map<unknown, number>();
    for (let i = 0; i < items.length; i++) {
      const item = itemContext(deps, bound, options, { body: items[i] });
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
    await refuseReferences(deps, written, problems, bound);
    problems.throwIfAny();
    const created = await createAll(repository, records, deps);
    return afterEach(deps, created, 'onAfterCreate', (i) => ({ body: items[i] }), { options, bound });
  });
}
