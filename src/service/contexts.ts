import type { RequestHeaders } from '../internal/normalize-headers';
import type { PageResult } from '../pagination/page-result';
import type { CursorInput, CursorPage, ListInput } from '../query/types';
import type { Resource } from '../resource/define-resource';
import type { Patch } from '../repository/repository';

/** What every hook context carries. */
export interface OperationContext<TRecord> {
  readonly resource: Resource<TRecord>;
  /** The incoming request's headers, lower-cased names (so `headers['x-correlation-id']` reads the client's id). */
  readonly headers: RequestHeaders;
  /** The resolved correlation id: the request's `x-correlation-id` when safe, else a new uuid v4. */
  readonly correlationId: string;
}

export interface CreateErrorContext<TRecord> extends OperationContext<TRecord> {
  readonly body: unknown;
}
export interface CreateContext<TRecord> extends CreateErrorContext<TRecord> {
  readonly entity: TRecord;
}
export interface ListErrorContext<TRecord> extends OperationContext<TRecord> {
  readonly query: ListInput<TRecord> | undefined;
}
export interface ListContext<TRecord> extends ListErrorContext<TRecord> {
  readonly result: PageResult<TRecord>;
}
export interface ListByCursorErrorContext<TRecord> extends OperationContext<TRecord> {
  readonly query: CursorInput<TRecord> | undefined;
}
export interface ListByCursorContext<TRecord> extends ListByCursorErrorContext<TRecord> {
  readonly result: CursorPage<TRecord>;
}
export interface IdErrorContext<TRecord> extends OperationContext<TRecord> {
  readonly id: string;
}
export interface EntityContext<TRecord> extends IdErrorContext<TRecord> {
  readonly entity: TRecord;
}
export interface UpdateErrorContext<TRecord> extends IdErrorContext<TRecord> {
  readonly patch: Patch<TRecord>;
}
export interface UpdateContext<TRecord> extends UpdateErrorContext<TRecord> {
  readonly entity: TRecord;
}

type Replace<T> = T | void | undefined | Promise<T | void | undefined>;
type ErrorHandler<TContext> = (context: TContext, error: unknown) => void | Promise<void>;

/**
 * The events of a resource service. Each `onAfter<Op>` handler may return a replacement result, which the next
 * handler and the caller receive; `onAfterError<Op>` handlers get the context and the error and return nothing.
 */
export type ResourceHooks<TRecord> = {
  onAfterCreate: (context: CreateContext<TRecord>) => Replace<TRecord>;
  onAfterErrorCreate: ErrorHandler<CreateErrorContext<TRecord>>;
  onAfterList: (context: ListContext<TRecord>) => Replace<PageResult<TRecord>>;
  onAfterErrorList: ErrorHandler<ListErrorContext<TRecord>>;
  onAfterListByCursor: (context: ListByCursorContext<TRecord>) => Replace<CursorPage<TRecord>>;
  onAfterErrorListByCursor: ErrorHandler<ListByCursorErrorContext<TRecord>>;
  onAfterGet: (context: EntityContext<TRecord>) => Replace<TRecord>;
  onAfterErrorGet: ErrorHandler<IdErrorContext<TRecord>>;
  onAfterUpdate: (context: UpdateContext<TRecord>) => Replace<TRecord>;
  onAfterErrorUpdate: ErrorHandler<UpdateErrorContext<TRecord>>;
  onAfterDelete: (context: EntityContext<TRecord>) => Replace<TRecord>;
  onAfterErrorDelete: ErrorHandler<IdErrorContext<TRecord>>;
};
