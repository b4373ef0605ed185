import type { Repository } from '../kit/index';
import type { BatchContext, BatchDeps } from './batch-deps';
import { batchList } from './batch-list';
import { BatchProblems } from './batch-problems';
import type { OperationOptions } from './resource-service';
import type { ScopeCheck } from './scope-check';

/** How a batch starts: its array (`items` or `ids`) as given, the single operation it repeats, the call's options. */
export interface BatchStartOptions<TLocals> {
  readonly value: unknown;
  readonly list: 'items' | 'ids';
  readonly operation: 'create' | 'update' | 'delete';
  readonly options: OperationOptions<TLocals>;
}

/** What the steps of a batch get inside its write: the checked array and what the write runner bound. */
export interface BatchRun<TRecord, TLocals> {
  readonly list: readonly unknown[];
  readonly repository: Repository<TRecord>;
  readonly bound: BatchContext<TRecord, TLocals>;
  readonly scope: ScopeCheck<TRecord> | undefined;
  readonly problems: BatchProblems;
}

/**
 * The opening every batch write shares: its array checked by the one batch rule (`batchList`), the batch's context
 * (`body` for items, `ids` for ids), then, inside the service's write runner (one transaction when the service runs
 * writes in one), the scope of the operation and an empty problem list for `run`.
 *
 * @throws HttpError 400 for an array the batch rule refuses, before any item is read or any hook runs.
 */
export async function batchStart<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  start: BatchStartOptions<TLocals>,
  run: (batch: BatchRun<TRecord, TLocals>) => Promise<TRecord[]>,
): Promise<TRecord[]> {
  const list = batchList(start.value, start.list);
  const context = deps.contextOf(start.options, start.list === 'ids' ? { ids: list } : { body: list });
  return deps.write(context, async (repository, bound) => {
    const scope = await deps.scopeFor(start.operation, bound);
    return run({ list, repository, bound, scope, problems: new BatchProblems(start.list) });
  });
}
