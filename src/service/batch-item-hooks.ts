import type { BatchContext, BatchDeps, BatchEvent } from './batch-deps';
import type { BatchProblems } from './batch-problems';
import type { ReferenceWrite } from './reference-check';
import type { OperationOptions } from './resource-service';

/** One written item of a batch: the record as validated, the body the client sent, and the item's index. */
export interface IndexedWrite extends ReferenceWrite {
  readonly index: number;
}

/**
 * The context of one item's hooks, with the batch's `transaction` (the one `bound`, the batch's context inside the
 * service's write runner, carries) when the batch runs in one: a write through it is part of the batch.
 */
export function itemContext<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  bound: BatchContext<TRecord, TLocals>,
  options: OperationOptions<TLocals>,
  extra: object,
): BatchContext<TRecord, TLocals> {
  return deps.contextOf(options, deps.transactional ? { ...extra, transaction: bound().transaction } : extra);
}

/** Notes, as a 409 of its item, each foreign key of the written items that names a record the caller cannot see. */
export async function refuseReferences<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  written: readonly IndexedWrite[],
  problems: BatchProblems,
  bound: BatchContext<TRecord, TLocals>,
): Promise<void> {
  const refused = await deps.references.problems(written, bound);
  refused.forEach((messages, k) => {
    for (const message of messages) problems.note(written[k]?.index ?? k, message, 409);
  });
}

/**
 * Runs `event`'s handlers for each written record (each may replace it; each gets the batch's transaction, from
 * `bound`), then removes hidden fields.
 */
export async function afterEach<TRecord, TLocals>(
  deps: BatchDeps<TRecord, TLocals>,
  records: readonly TRecord[],
  event: BatchEvent<TRecord, TLocals>,
  extra: (index: number) => object,
  call: { readonly options: OperationOptions<TLocals>; readonly bound: BatchContext<TRecord, TLocals> },
): Promise<TRecord[]> {
  const out: TRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const context = itemContext(deps, call.bound, call.options, extra(i));
    out.push(deps.hide(await deps.chain(event, context, 'entity', records[i] as TRecord)));
  }
  return out;
}
