import type { Duplex } from 'node:stream';
import { errorResponse, HttpError } from 'pagelope';

/** The status Node itself would send for a request its HTTP parser refused. */
function statusOf(code: unknown): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * A `clientError` listener for `node:http` servers: answers a request the HTTP parser refused (headers over
 * `maxHeaderSize`, a malformed request line) with the error envelope instead of Node's bare status line. The
 * request was never parsed, so its correlation id is unknown: the envelope carries a new one.
 */
export function answerClientError(error: Error & { readonly code?: unknown }, socket: Duplex): void {
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
}
