import type { RequestHeaders } from '../internal/index';
import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorInput, CursorPage, ListInput, Where } from '../query/index';
import type { RecordIdOf, Resource } from '../resource/index';
import type { Patch, Transaction } from '../kit/index';

/** What a service knows of a request beyond its headers when none is declared: any keys, read-only. */
export type DefaultLocals = Readonly<Record<string, unknown>>;

/** The operations of a resource service. */
export type ServiceOperation = 'list' | 'listByCursor' | 'get' | 'create' | 'update' | 'replace' | 'delete' | 'restore';

/** What every hook context and the scope context carry. */
export interface OperationContext<TRecord, TLocals = DefaultLocals> {
  readonly resource: Resource<TRecord>;
  /** The incoming request's headers, lower-cased names (so `headers['x-correlation-id']` reads the client's id). */
  readonly headers: RequestHeaders;
  /** The resolved correlation id: the request's `x-correlation-id` when safe, else a new uuid v4. */
  readonly correlationId: string;
  /** What the caller knows about the request (the authenticated user, the tenant); an empty frozen object when none. */
  readonly locals: Readonly<TLocals>;
  /**
   * The open transaction of a write (create, update, replace, delete, restore, and each item of `createMany`,
   * `updateMany` and `deleteMany`) of a service created with `transaction: true`, in its before-hooks, scope function
   * and after-hooks: `transaction.repository(other)` joins another repository of the same store to it, and a write
   * through it is part of the operation (of the whole batch), rolled back with it. Absent on reads, without that
   * option, and in `onAfterError<Op>` handlers (they run after the rollback).
   */
  readonly transaction?: Transaction | undefined;
}

/** The context of a service's `scope` function: the operation's context and its name. */
export interface ScopeContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  readonly operation: ServiceOperation;
}

/** A request scope: a `where` ANDed into every operation, or `undefined` for no restriction. */
export type ScopeFunction<TRecord, TLocals = DefaultLocals> = (
  context: ScopeContext<TRecord, TLocals>,
) => Where<TRecord> | undefined | Promise<Where<TRecord> | undefined>;

export interface CreateErrorContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  /** The body as the caller gave it. */
  readonly body: unknown;
}
export interface CreateContext<TRecord, TLocals = DefaultLocals> extends CreateErrorContext<TRecord, TLocals> {
  readonly entity: TRecord;
}
/** Context of `onBeforeCreate`: the checked body (or the previous handler's replacement). */
export interface BeforeCreateContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  readonly body: Readonly<Partial<TRecord>>;
}
export interface ListErrorContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  readonly query: ListInput<TRecord> | undefined;
}
export interface ListContext<TRecord, TLocals = DefaultLocals> extends ListErrorContext<TRecord, TLocals> {
  /**
   * The page; with a `select` in the query its items hold only the id and the selected fields. With `include` or
   * `counts`, the items already hold the embedded related records and `_count` (the handler may change them).
   */
  readonly result: PageResult<TRecord, TotalMode>;
}
export interface ListByCursorErrorContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  readonly query: CursorInput<TRecord> | undefined;
}
export interface ListByCursorContext<TRecord, TLocals = DefaultLocals> extends ListByCursorErrorContext<
  TRecord,
  TLocals
> {
  /**
   * The page; with a `select` in the query its items hold only the id and the selected fields. With `include` or
   * `counts`, the items already hold the embedded related records and `_count`.
   */
  readonly result: CursorPage<TRecord>;
}
export interface IdErrorContext<TRecord, TLocals = DefaultLocals> extends OperationContext<TRecord, TLocals> {
  /** The record id, as the id field's schema parsed it (a number for an integer id field). */
  readonly id: RecordIdOf<TRecord>;
}
export interface EntityContext<TRecord, TLocals = DefaultLocals> extends IdErrorContext<TRecord, TLocals> {
  /** The record; for a `get` with `include` or `counts`, it already holds the embeds and `_count`. */
  readonly entity: TRecord;
}
export interface UpdateErrorContext<TRecord, TLocals = DefaultLocals> extends IdErrorContext<TRecord, TLocals> {
  readonly patch: Patch<TRecord>;
}
export interface UpdateContext<TRecord, TLocals = DefaultLocals> extends UpdateErrorContext<TRecord, TLocals> {
  readonly entity: TRecord;
}
/** Context of `onBeforeUpdate`: the checked patch (or the previous handler's replacement). */
export type BeforeUpdateContext<TRecord, TLocals = DefaultLocals> = UpdateErrorContext<TRecord, TLocals>;
export interface ReplaceErrorContext<TRecord, TLocals = DefaultLocals> extends IdErrorContext<TRecord, TLocals> {
  /** The body as the caller gave it. */
  readonly body: unknown;
}
export interface ReplaceContext<TRecord, TLocals = DefaultLocals> extends ReplaceErrorContext<TRecord, TLocals> {
  readonly entity: TRecord;
}
/** Context of `onBeforeReplace`: the checked body (or the previous handler's replacement). */
export interface BeforeReplaceContext<TRecord, TLocals = DefaultLocals> extends IdErrorContext<TRecord, TLocals> {
  readonly body: Readonly<Partial<TRecord>>;
}

type Replace<T> = T | void | undefined | Promise<T | void | undefined>;
type ErrorHandler<TContext> = (context: TContext, error: unknown) => void | Promise<void>;
type Refuse = void | Promise<void>;

/**
 * The events of a resource service. Each `onBefore<Op>` handler may return a replacement input (body, patch or
 * query; trusted, so it may set read-only and hidden fields) for the next handler and the operation, or throw to
 * refuse the operation. Each `onAfter<Op>` handler may return a replacement result, which the next handler and the
 * caller receive; `onAfterError<Op>` handlers get the context and the error and return nothing.
 */
export type ResourceHooks<TRecord, TLocals = DefaultLocals> = {
  onBeforeCreate: (context: BeforeCreateContext<TRecord, TLocals>) => Replace<Partial<TRecord>>;
  onAfterCreate: (context: CreateContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorCreate: ErrorHandler<CreateErrorContext<TRecord, TLocals>>;
  onBeforeList: (context: ListErrorContext<TRecord, TLocals>) => Replace<ListInput<TRecord>>;
  onAfterList: (context: ListContext<TRecord, TLocals>) => Replace<PageResult<TRecord, TotalMode>>;
  onAfterErrorList: ErrorHandler<ListErrorContext<TRecord, TLocals>>;
  onBeforeListByCursor: (context: ListByCursorErrorContext<TRecord, TLocals>) => Replace<CursorInput<TRecord>>;
  onAfterListByCursor: (context: ListByCursorContext<TRecord, TLocals>) => Replace<CursorPage<TRecord>>;
  onAfterErrorListByCursor: ErrorHandler<ListByCursorErrorContext<TRecord, TLocals>>;
  onBeforeGet: (context: IdErrorContext<TRecord, TLocals>) => Refuse;
  onAfterGet: (context: EntityContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorGet: ErrorHandler<IdErrorContext<TRecord, TLocals>>;
  onBeforeUpdate: (context: BeforeUpdateContext<TRecord, TLocals>) => Replace<Patch<TRecord>>;
  onAfterUpdate: (context: UpdateContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorUpdate: ErrorHandler<UpdateErrorContext<TRecord, TLocals>>;
  onBeforeReplace: (context: BeforeReplaceContext<TRecord, TLocals>) => Replace<Partial<TRecord>>;
  onAfterReplace: (context: ReplaceContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorReplace: ErrorHandler<ReplaceErrorContext<TRecord, TLocals>>;
  onBeforeDelete: (context: IdErrorContext<TRecord, TLocals>) => Refuse;
  onAfterDelete: (context: EntityContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorDelete: ErrorHandler<IdErrorContext<TRecord, TLocals>>;
  onBeforeRestore: (context: IdErrorContext<TRecord, TLocals>) => Refuse;
  onAfterRestore: (context: EntityContext<TRecord, TLocals>) => Replace<TRecord>;
  onAfterErrorRestore: ErrorHandler<IdErrorContext<TRecord, TLocals>>;
};

/**
 * The context a hook of `ResourceHooks` receives, by event name: `HookContext<'onAfterCreate', User>` is what an
 * `onAfterCreate` handler of a `User` service gets (`entity`, `body`, `locals`, `transaction`, ...): one name for the
 * contexts of all twenty-four events.
 *
 * @example
 * const stamp = (context: HookContext<'onBeforeCreate', Book>) => ({ ...context.body, slug: slugOf(context.body) });
 */
export type HookContext<TEvent extends keyof ResourceHooks<unknown>, TRecord, TLocals = DefaultLocals> = Parameters<
  ResourceHooks<TRecord, TLocals>[TEvent]
>[0];
