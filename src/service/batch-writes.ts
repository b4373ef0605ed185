import type { BatchDeps } from './batch-deps';
import { batchCreateMany } from './batch-create-many';
import { batchDeleteMany } from './batch-delete-many';
import { batchUpdateMany } from './batch-update-many';
import type { OperationOptions } from './resource-service';

/** The service's batch writes: `createMany`, `updateMany` and `deleteMany`. */
export interface BatchWrites<TRecord, TLocals> {
  createMany(items: unknown, options?: OperationOptions<TLocals>): Promise<TRecord[]>;
  updateMany(items: unknown, options?: OperationOptions<TLocals>): Promise<TRecord[]>;
  deleteMany(
    ids: unknown,
    options?: OperationOptions<TLocals> & { readonly permanent?: boolean | undefined },
  ): Promise<TRecord[]>;
}

/**
 * The batch writes of a service. Each validates every item first, through the checks and before-hooks of its
 * single-item operation, and reports every problem of every item in one error; then writes all items in one
 * repository call or one transaction (nothing when any fails), then runs the after-hooks per item.
 */
export function createBatchWrites<TRecord, TLocals>(deps: BatchDeps<TRecord, TLocals>): BatchWrites<TRecord, TLocals> {
  return {
    createMany: (items, options = {}) => batchCreateMany(deps, items, options),
    updateMany: (items, options = {}) => batchUpdateMany(deps, items, options),
    deleteMany: (ids, options = {}) => batchDeleteMany(deps, ids, options),
  };
}
