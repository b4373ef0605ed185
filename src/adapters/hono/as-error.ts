/**
 * `thrown` when it is an `Error`, else an `Error` with `thrown` as its `cause`: Hono's error handler takes only
 * `Error`s (anything else skips it and rejects the app's `fetch`). Internal to the adapter.
 *
 * @example
 * throw asError(thrown);
 */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error('A route threw a value that is not an Error', { cause: thrown });
}
