import type { OperationContext } from './contexts';

/**
 * The context of a call as the relations of other services read it (their scopes, their joined transaction): the
 * request's headers, correlation id and locals, and the open transaction. Any service's operation context fits,
 * whatever its record and locals types.
 *
 * Internal to the service module.
 */
export type CallContext = () => Pick<
  OperationContext<unknown, unknown>,
  'headers' | 'correlationId' | 'locals' | 'transaction'
>;
