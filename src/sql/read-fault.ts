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
  /**
   * Codes of a statement refused because its transaction is aborted by an earlier failure (PostgreSQL's 25P02): the
   * database unavailable when that failure was a fault (the transaction lost to a timeout, a deadlock, a lost
   * connection that a caller caught and went on from), else no fault.
   */
  readonly aborted?: ReadonlySet<string | number> | undefined;
}

/**
 * The fault a retry may clear that a driver's `error` reports, read with a dialect's `codes`, or `undefined` for any
 * other error: a socket that could not connect or was lost (`ECONNREFUSED`, `ENOTFOUND`, ...) is the database
 * unavailable on every dialect; a refusal of an aborted transaction (`codes.aborted`) is when `earlier`, the failure
 * that aborted it, was a fault.
 */
export function readFault(error: unknown, codes: SqlFaultCodes, earlier?: unknown): SqlFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = codes.codeOf(error);
  if (code !== undefined && codes.conflict.has(code)) return 'conflict';
  if (code !== undefined && codes.aborted?.has(code) === true) {
    return earlier !== undefined && readFault(earlier, codes) !== undefined ? 'unavailable' : undefined;
  }
  const { code: name, message } = error as { readonly code?: unknown; readonly message?: unknown };
  const unavailable =
    (code !== undefined && codes.unavailable.has(code)) ||
    ((typeof name === 'string' || typeof name === 'number') && codes.unavailable.has(name)) ||
    SOCKET_CODES.has(name) ||
    (typeof message === 'string' && codes.lost?.test(message) === true);
  return unavailable ? 'unavailable' : undefined;
}
