/** SQLSTATEs that mean the server or the connection is unavailable, not that the statement failed. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket error codes of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** Messages of node-postgres for a connection it lost or could not get from its pool. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether `error` says the database is unreachable (connection refused, lost or terminated by the server, too many
 * connections, server shutting down or starting up) rather than that the statement itself failed.
 */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
