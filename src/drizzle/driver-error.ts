/**
 * The driver's error a `DrizzleQueryError` (an `Error` with `query`, `params` and a `cause`) wraps, else `error`
 * itself: what the repositories read constraint and data errors from (SQLSTATE, `errno`, the constraint).
 */
export function driverError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { query, params, cause } = error as Error & { readonly query?: unknown; readonly params?: unknown };
  return typeof query === 'string' && Array.isArray(params) && typeof cause === 'object' && cause !== null
    ? cause
    : error;
}
