/**
 * Runs each ```ts snippet of docs/adapters/express.md (listening on port 0 instead of 3000) with a harness appended
 * that sends it requests and prints what it got; the test checks what the page promises.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CALL_SOURCE,
  docsPage,
  expectEnvelope,
  runSnippetFile,
  typecheckSnippets,
  type Reply,
  type SnippetRunResult,
} from './docs-snippets';

const { snippets, outDir } = docsPage('express');

/** Harness code per snippet: an async function body given `url` and `call` (fetch giving status, headers, body). */
const HARNESSES: readonly string[] = [
  // Wiring one resource with the limiter.
  `const created = await call('/products', { method: 'POST', headers: { 'content-type': 'application/json' },
     body: JSON.stringify({ name: 'lamp', price: 20 }) });
   const listed = await call('/products?name[cont]=am&orderBy=price');
   const put = await call('/products', { method: 'PUT' });
   const missing = await call('/nowhere');
   let limited = await call('/products');
   for (let i = 0; i < 120 && limited.status !== 429; i++) limited = await call('/products');
   return { created, listed, put, missing, limited };`,
  // locals, a prefix, an own route.
  `const anonymous = await call('/v1/notes');
   const created = await call('/v1/notes', { method: 'POST',
     headers: { 'content-type': 'application/json', 'x-user': 'ada' }, body: JSON.stringify({ text: 'hi' }) });
   const ada = await call('/v1/notes', { headers: { 'x-user': 'ada' } });
   const bob = await call('/v1/notes', { headers: { 'x-user': 'bob' } });
   const health = await call('/health');
   return { anonymous, created, ada, bob, health };`,
  // The OpenAPI document below a prefix.
  `const { toOpenApi } = await import('pagelope');
   const document = await call('/v1/openapi.json', { headers: { 'x-correlation-id': 'doc-1' } });
   const head = await call('/v1/openapi.json', { method: 'HEAD' });
   const post = await call('/v1/openapi.json', { method: 'POST' });
   const expected = JSON.parse(JSON.stringify(toOpenApi(defineRoutes(service), openapi)));
   return { document, head, post, expected };`,
  // A logging error middleware before errorHandler.
  `return { boom: await call('/boom', { headers: { 'x-correlation-id': 'boom-1' } }) };`,
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

/** Writes snippet `i` with its harness to `.tmp/docs-express/` and returns the file's path. */
function writeSnippet(i: number): string {
  const code = snippets[i] ?? '';
  expect(code).toContain('listen(3000)');
  const file = join(outDir, `snippet-${i}.ts`);
  writeFileSync(file, code.replace('listen(3000)', 'listen(0)') + HARNESS_HEAD + HARNESSES[i] + HARNESS_TAIL);
  return file;
}

/** Runs snippet `i` with its harness and returns what the harness printed, and the process's stderr. */
function runSnippet(i: number): SnippetRunResult {
  return runSnippetFile(writeSnippet(i));
}

describe('docs/adapters/express.md', () => {
  it('has one harness per snippet', () => {
    expect(snippets).toHaveLength(HARNESSES.length);
  });

  it('type-checks every snippet', () => {
    snippets.forEach((_code, i) => writeSnippet(i));
    const { output, status } = typecheckSnippets(outDir, ['snippet-*.ts']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 60_000);

  it('wires one resource with the limiter in at most 15 lines', () => {
    expect((snippets[0] ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(15);
    const { result } = runSnippet(0);
    const { created, listed, put, missing, limited } = result as Record<
      'created' | 'listed' | 'put' | 'missing' | 'limited',
      Reply
    >;
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe(`/products/${encodeURIComponent(created.body.id)}`);
    expect(listed.body).toMatchObject({ total: 1, items: [created.body] });
    expectEnvelope(put, 405);
    expect(put.headers['allow']).toBe('GET, POST');
    expectEnvelope(missing, 404);
    expectEnvelope(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('passes locals from the request to the scope, below a prefix, beside an own route', () => {
    const { result } = runSnippet(1);
    const { anonymous, created, ada, bob, health } = result as Record<
      'anonymous' | 'created' | 'ada' | 'bob' | 'health',
      Reply
    >;
    expectEnvelope(anonymous, 401);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ owner: 'ada', text: 'hi' });
    expect(created.headers['location']).toBe(`/v1/notes/${encodeURIComponent(created.body.id)}`);
    expect([ada.body.total, bob.body.total]).toStrictEqual([1, 0]);
    expect(health.body).toStrictEqual({ ok: true });
    expect(health.headers['x-correlation-id']).toBeDefined();
  });

  it('serves the OpenAPI document below the prefix, with the servers given, and a 405 for another method', () => {
    const { result } = runSnippet(2);
    const { document, head, post } = result as Record<'document' | 'head' | 'post', Reply>;
    expect([document.status, document.headers['content-type'], document.headers['x-correlation-id']]).toStrictEqual([
      200,
      'application/json; charset=utf-8',
      'doc-1',
    ]);
    expect(document.body).toStrictEqual(result['expected']);
    expect(document.body).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/v1' }] });
    expect(Object.keys(document.body.paths)).toStrictEqual(['/products', '/products/cursor', '/products/{id}']);
    expect([head.status, head.body]).toStrictEqual([200, undefined]);
    expectEnvelope(post, 405);
    expect(post.headers['allow']).toBe('GET');
  });

  it('logs a failure in a middleware before errorHandler, which answers the masked 500', () => {
    const { result, stderr } = runSnippet(3);
    const boom = result['boom'] as Reply;
    expectEnvelope(boom, 500);
    expect(boom.body.message).toBe('Internal server error');
    expect(stderr).toContain('boom-1');
    expect(stderr).toContain('database unreachable');
  });

  it('sets 30 s timeouts and answers a request Node refuses with the envelope', () => {
    const { result } = runSnippet(4);
    expectEnvelope(result['missing'] as Reply, 404);
    expect(result['timeouts']).toStrictEqual([30_000, 30_000]);
    const raw = result['raw'] as string;
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('{')))).toMatchObject({ statusCode: 431 });
  });
});
