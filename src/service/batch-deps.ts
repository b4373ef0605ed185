import type { ScopeOptions } from '../kit/index';
import type { RecordId, Resource } from '../resource/index';
import type { OperationContext, ResourceHooks, ServiceOperation } from './contexts';
import type { LifecycleRules } from './lifecycle';
import type { ReferenceCheck } from './reference-check';
import type { OperationOptions } from './resource-service';
import type { ScopeCheck } from './scope-check';
import type { WriteRunner } from './write-transaction';

type Row = Record<string, unknown>;

/** The context function of a batch or of one of its items, built on first use. */
export type BatchContext<TRecord, TLocals> = () => OperationContext<TRecord, TLocals>;

/** A hook event of the service. */
export type BatchEvent<TRecord, TLocals> = keyof ResourceHooks<TRecord, TLocals>;

/**
 * What the batch writes borrow from their service: its resource, rules and steps, typed as the service's own.
 *
 * Internal to the service module.
 */
export interface BatchDeps<TRecord, TLocals> {
  readonly resource: Resource;
  readonly rules: LifecycleRules;
  readonly databaseDefaults: readonly string[] | undefined;
  /** Whether the service runs each write in a transaction of its own (the runner then opens it). */
  readonly transactional: boolean;
  readonly write: WriteRunner<TRecord, TLocals>;
  readonly contextOf: (options: OperationOptions<TLocals>, extra: object) => BatchContext<TRecord, TLocals>;
  readonly chain: <T>(
    event: BatchEvent<TRecord, TLocals>,
    context: BatchContext<TRecord, TLocals>,
    key: string,
    value: T,
  ) => Promise<T>;
  readonly notify: (
    event: BatchEvent<TRecord, TLocals>,
    context: BatchContext<TRecord, TLocals>,
    key: string,
    value: unknown,
  ) => Promise<void>;
  readonly scopeFor: (
    operation: ServiceOperation,
    context: BatchContext<TRecord, TLocals>,
  ) => Promise<ScopeCheck<TRecord> | undefined>;
  /** The repository options of the reads of a write (on the store of record), `'all'` with soft-deleted records too. */
  readonly within: (scope: ScopeCheck<TRecord> | undefined, mode?: 'all') => ScopeOptions<TRecord> | undefined;
  /** The check of the to-one foreign keys the items name, against the related services' scopes. */
  readonly references: ReferenceCheck;
  readonly stampNew: (data: Row) => Row;
  readonly stamped: (valid: Row, stamp: Row, mode: 'update' | 'replace', id: RecordId) => Row;
  readonly hide: (record: TRecord) => TRecord;
  readonly recordIdOf: (id: unknown) => RecordId | undefined;
}
