/**
 * The ```ts snippets of docs/adapters/hono.md, each with a harness appended that serves it on port 0 (the snippets
 * that export `app`, through `getRequestListener` and `nodeErrorHandler`; the server snippet as it stands, with its
 * `listen(3000)` turned into `listen(0)`), sends it requests and prints `RESULT <json>` of what it got; the first
 * snippet is also written as `app.ts`, which the server snippet imports. tests/adapters/hono/docs.test.ts runs them and
 * checks what the page promises, tests/docs/snippet-types.test.ts type-checks them.
 */
import { CALL_SOURCE, docsPage, SHARED_HARNESSES } from '../../adapters/docs-snippets';
import type { SnippetFile, TypecheckedPage } from './files';

export const { snippets, outDir } = docsPage('hono');

/** Serves the snippet's exported `app` as the page says to on Node. */
const SERVE_APP = `
const { getRequestListener } = await import('@hono/node-server');
const { createServer } = await import('node:http');
const { nodeErrorHandler: errorHandler } = await import('pagelope/hono');
const server = createServer(getRequestListener(app.fetch, { errorHandler }));
server.listen(0);
`;

/** Harness code per snippet: an async function body given `url`, `call` (fetch giving status, headers, body), `raw`. */
export const HARNESSES: readonly string[] = [
  // Wiring one resource with the limiter.
  SHARED_HARNESSES.wiring,
  // Serving on Node.
  `const listed = await call('/products');
   const backslash = await raw('GET /products\\\\x HTTP/1.1\\r\\nhost: x\\r\\n');
   const star = await raw('GET * HTTP/1.1\\r\\nhost: x\\r\\n');
   const big = await raw('GET / HTTP/1.1\\r\\nhost: x\\r\\nx-big: ' + 'a'.repeat(20_000) + '\\r\\n');
   return { listed, backslash, star, big, timeouts: [server.requestTimeout, server.headersTimeout] };`,
  // locals, a prefix, an own route.
  SHARED_HARNESSES.prefixedLocals,
  // The OpenAPI document below a prefix.
  SHARED_HARNESSES.prefixedOpenApi,
  // onError's reportError logging a failure.
  SHARED_HARNESSES.boom,
];

const HARNESS_HEAD = `
server.once('listening', async () => {
  const url = 'http://127.0.0.1:' + (server.address() as import('node:net').AddressInfo).port;
  ${CALL_SOURCE}
  const { connect } = await import('node:net');
  const raw = (head: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', () => undefined);
      socket.end(head + 'connection: close\\r\\n\\r\\n');
    });
  const run = async (): Promise<unknown> => {
`;
const HARNESS_TAIL = `
  };
  try {
    console.log('RESULT ' + JSON.stringify(await run()));
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
`;

/** Snippet `i` served on port 0, with its harness. */
function source(i: number): string {
  const code = snippets[i] ?? '';
  const served = code.includes('listen(3000)') ? code.replace('listen(3000)', 'listen(0)') : code + SERVE_APP;
  return served + HARNESS_HEAD + HARNESSES[i] + HARNESS_TAIL;
}

/** Each snippet with its harness, as `snippet-<i>.ts`, then the first one as it stands, as `app.ts`. */
export const honoDocs: TypecheckedPage = {
  page: 'docs/adapters/hono.md',
  files: (): SnippetFile[] => [
    ...snippets.map((_code, i) => ({
      name: `docs/adapters/hono.md #${i} with its harness`,
      file: `snippet-${i}.ts`,
      source: source(i),
    })),
    { name: 'docs/adapters/hono.md #0 as app.ts', file: 'app.ts', source: snippets[0] ?? '' },
  ],
};
