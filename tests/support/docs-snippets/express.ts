/**
 * The ```ts snippets of docs/adapters/express.md, each listening on port 0 instead of 3000 with a harness appended that
 * sends it requests and prints `RESULT <json>` of what it got: tests/adapters/express/docs.test.ts runs them and
 * checks what the page promises, tests/docs/snippet-types.test.ts type-checks them.
 */
import { CALL_SOURCE, docsPage, SHARED_HARNESSES } from '../../adapters/docs-snippets';
import type { SnippetFile, TypecheckedPage } from './files';

export const { snippets, outDir } = docsPage('express');

/** Harness code per snippet: an async function body given `url` and `call` (fetch giving status, headers, body). */
export const HARNESSES: readonly string[] = [
  // Wiring one resource with the limiter.
  SHARED_HARNESSES.wiring,
  // locals, a prefix, an own route.
  SHARED_HARNESSES.prefixedLocals,
  // The OpenAPI document below a prefix.
  SHARED_HARNESSES.prefixedOpenApi,
  // errorHandler's reportError logging a failure.
  SHARED_HARNESSES.boom,
  // Timeouts and clientErrorListener.
  `const missing = await call('/anything');
   const { connect } = await import('node:net');
   const raw = await new Promise((resolve) => {
     const socket = connect(Number(new URL(url).port), '127.0.0.1');
     let data = '';
     socket.on('data', (chunk) => (data += chunk));
     socket.on('close', () => resolve(data));
     socket.on('error', () => undefined);
     socket.end('GET / HTTP/1.1\\r\\nhost: x\\r\\nx-big: ' + 'a'.repeat(20_000) + '\\r\\n\\r\\n');
   });
   return { missing, timeouts: [server.requestTimeout, server.headersTimeout], raw };`,
];

const HARNESS_HEAD = `
server.once('listening', async () => {
  const url = 'http://127.0.0.1:' + (server.address() as import('node:net').AddressInfo).port;
  ${CALL_SOURCE}
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

/** Snippet `i` listening on port 0, with its harness. */
function source(i: number): string {
  const code = snippets[i] ?? '';
  if (!code.includes('listen(3000)')) throw new Error(`docs/adapters/express.md #${i} has no listen(3000)`);
  return code.replace('listen(3000)', 'listen(0)') + HARNESS_HEAD + HARNESSES[i] + HARNESS_TAIL;
}

/** Each snippet with its harness, as `snippet-<i>.ts`. */
export const expressDocs: TypecheckedPage = {
  page: 'docs/adapters/express.md',
  files: (): SnippetFile[] =>
    snippets.map((_code, i) => ({
      name: `docs/adapters/express.md #${i} with its harness`,
      file: `snippet-${i}.ts`,
      source: source(i),
    })),
};
