/**
 * The ```ts snippets of docs/adapters/fastify.md, each listening on port 0 instead of 3000 with a harness appended that
 * sends it requests and prints `RESULT <json>` of what it got: tests/adapters/fastify/docs.test.ts runs them and
 * checks what the page promises, tests/docs/snippet-types.test.ts type-checks them.
 */
import { CALL_SOURCE, docsPage, SHARED_HARNESSES } from '../../adapters/docs-snippets';
import type { SnippetFile, TypecheckedPage } from './files';

export const { snippets, outDir } = docsPage('fastify');
const LISTEN = 'await app.listen({ port: 3000 });';

/** Harness code per snippet: an async function body given `url` and `call` (fetch giving status, headers, body). */
export const HARNESSES: readonly string[] = [
  // Wiring one resource with the limiter.
  `const created = await call('/products', { method: 'POST', headers: { 'content-type': 'application/json' },
     body: JSON.stringify({ name: 'lamp', price: 20 }) });
   const listed = await call('/products?name[cont]=am&orderBy=price');
   const put = await call('/products', { method: 'PUT' });
   const missing = await call('/nowhere');
   let limited = await call('/nowhere');
   for (let i = 0; i < 120 && limited.status !== 429; i++) limited = await call('/nowhere');
   return { created, listed, put, missing, limited };`,
  // locals, a custom path, an own route.
  `const anonymous = await call('/v1/notes');
   const created = await call('/v1/notes', { method: 'POST',
     headers: { 'content-type': 'application/json', 'x-user': 'ada' }, body: JSON.stringify({ text: 'hi' }) });
   const ada = await call('/v1/notes', { headers: { 'x-user': 'ada' } });
   const bob = await call('/v1/notes', { headers: { 'x-user': 'bob' } });
   const large = await call('/v1/notes', { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': 'ada' },
     body: JSON.stringify({ text: 'x'.repeat(5000) }) });
   const health = await call('/health');
   return { anonymous, created, ada, bob, large, health };`,
  // The OpenAPI document at a path of its own.
  `const { toOpenApi } = await import('pagelope');
   const document = await call('/docs/openapi.json', { headers: { 'x-correlation-id': 'doc-1' } });
   const head = await call('/docs/openapi.json', { method: 'HEAD' });
   const post = await call('/docs/openapi.json', { method: 'POST' });
   const missing = await call('/openapi.json');
   const expected = JSON.parse(JSON.stringify(toOpenApi(defineRoutes(service), { info: openapi.info })));
   return { document, head, post, missing, expected };`,
  // The plugin's reportError logging a failure.
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
   const { requestTimeout, headersTimeout, timeout } = app.server;
   return { missing, timeouts: [requestTimeout, headersTimeout, timeout], raw };`,
];

const HARNESS_HEAD = `
const url = 'http://127.0.0.1:' + (app.server.address() as import('node:net').AddressInfo).port;
${CALL_SOURCE}
const run = async (): Promise<unknown> => {
`;
const HARNESS_TAIL = `
};
try {
  console.log('RESULT ' + JSON.stringify(await run()));
} finally {
  await app.close();
}
`;

/** Snippet `i` listening on port 0, with its harness. */
function source(i: number): string {
  const code = snippets[i] ?? '';
  if (!code.includes(LISTEN)) throw new Error(`docs/adapters/fastify.md #${i} has no ${LISTEN}`);
  const listening = code.replace(LISTEN, "await app.listen({ port: 0, host: '127.0.0.1' });");
  return listening + HARNESS_HEAD + HARNESSES[i] + HARNESS_TAIL;
}

/** Each snippet with its harness, as `snippet-<i>.ts`. */
export const fastifyDocs: TypecheckedPage = {
  page: 'docs/adapters/fastify.md',
  files: (): SnippetFile[] =>
    snippets.map((_code, i) => ({
      name: `docs/adapters/fastify.md #${i} with its harness`,
      file: `snippet-${i}.ts`,
      source: source(i),
    })),
};
