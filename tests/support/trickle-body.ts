import { connect } from 'node:net';

/**
 * Starts a POST of a JSON body to `url` + `path` and sends it one space every `intervalMs`, never finishing it, until
 * the server closes the connection (or 10 s pass). Resolves the raw response text and how long the server took.
 */
export function trickleBody(
  url: string,
  path: string,
  { contentLength = 1000, intervalMs = 100 }: { readonly contentLength?: number; readonly intervalMs?: number } = {},
): Promise<{ readonly response: string; readonly elapsedMs: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    const trickle = setInterval(() => socket.writable && socket.write(' '), intervalMs);
    const guard = setTimeout(() => socket.destroy(), 10_000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      clearTimeout(guard);
      resolve({ response: data, elapsedMs: Date.now() - started });
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${contentLength}\r\n\r\n`,
    );
  });
}
