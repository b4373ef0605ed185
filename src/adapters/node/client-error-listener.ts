import type { Duplex } from 'node:stream';
import { errorResponse, HttpError } from 'pagelope';

/** The status Node itself would send for a request its HTTP parser refused. */
function statusOf(code: unknown): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** A `clientError` listener: `(error, socket) => void`. */
export type ClientErrorListener = (error: Error & { readonly code?: unknown }, socket: Duplex) => void;

/**
 * Returns a listener for a `node:http` server's `clientError` event (and Fastify's `clientErrorHandler` server
 * option, which has the same signature): a request Node's HTTP parser refused (headers over `maxHeaderSize`: 431, a
 * malformed request line: 400, a request timeout: 408) gets the error envelope instead of Node's bare status line.
 * The request was never parsed, so its correlation id is unknown: the envelope carries a new one.
 *
 * @example
 * const server = app.listen(3000);
 * server.on('clientError', clientErrorListener());
 */
export function clientErrorListener(): ClientErrorListener {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { statusCode, headers, body } = errorResponse(new HttpError(statusOf(error.code)));
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${statusCode} ${body.error}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${Buffer.byteLength(text)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
  };
}
