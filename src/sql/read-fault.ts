import type { SqlFault } from './sql-dialect';

/** Socket error codes (`error.code`) of a connection that could not be made or was lost, whatever the driver. */
const SOCKET_CODES: ReadonlySet<unknown> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** A dialect's table of the faults a retry may clear, by the codes its drivers' errors carry. */
export interface SqlFaultCodes {
  /** The code of a driver's error as the sets hold it (a SQLSTATE, an `errno`), or `undefined`. */
  codeOf(error: object): string | number | undefined;
  /** Codes of a write aborted for a concurrent one (a deadlock, a serialization failure, a busy database). */
  readonly conflict: ReadonlySet<string | number>;
  /** Codes (or a driver's `error.code`) of a database unavailable for now (a timeout, a lost connection). */
  readonly unavailable: ReadonlySet<string | number>;
  /** The driver's messages of a connection lost or never made. */
  readonly lost?: RegExp | undefined;
}

/**
 * The fault a retry may clear that a driver's `error` reports, read with a dialect's `codes`, or `undefined` for any
 * other error: a socket that could not connect or was lost (`ECONNREFUSED`, `ENOTFOUND`, ...) is the database
 * unavailable on every dialect.
 */
export function readFault(error: unknown, codes: SqlFaultCodes): SqlFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = codes.codeOf(error);
  if (code !== undefined && codes.conflict.has(code)) return 'conflict';
  const { code: name, message } = error as { readonly code?: unknown; readonly message?: unknown };
  const unavailable =
    (code !== undefined && codes.unavailable.has(code)) ||
    ((typeof name === 'string' || typeof name === 'number') && codes.unavailable.has(name)) ||
    SOCKET_CODES.has(name) ||
    (typeof message === 'string' && codes.lost?.test(message) === true);
  return unavailable ? 'unavailable' : undefined;
}
