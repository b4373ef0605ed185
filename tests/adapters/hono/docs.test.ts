/**
 * Runs each ```ts snippet of docs/adapters/hono.md with a harness appended that serves it on port 0 (the snippets that
 * export `app`, through `getRequestListener` and `nodeErrorHandler`; the server snippet as it stands, with its
 * `listen(3000)` turned into `listen(0)`), sends it requests and prints what it got; the test checks what the page
 * promises. The first snippet is also written as `app.ts`, which the server snippet imports. The files are made in
 * tests/support/docs-snippets/hono.ts and run all in one process; tests/docs/snippet-types.test.ts type-checks them.
 */
import { describe, expect, it } from 'vitest';
import { HARNESSES, honoDocs, outDir, snippets } from '../../support/docs-snippets/hono';
import { expectEnvelope, expectRawEnvelope, snippetResults, type Reply } from '../docs-snippets';

const files = honoDocs.files();
/** Runs each snippet with its harness (all in one process, as each test first needs them); app.ts is imported. */
const runSnippet = snippetResults(
  outDir,
  files.filter(({ file }) => file !== 'app.ts'),
  files.filter(({ file }) => file === 'app.ts'),
);

describe('docs/adapters/hono.md', () => {
  it('has one harness per snippet', () => {
    expect(snippets).toHaveLength(HARNESSES.length);
  });

  it('wires one resource with the limiter in at most 15 lines', async () => {
    expect((snippets[0] ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(15);
    const { result } = await runSnippet(0);
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

  it('serves on Node with 30 s timeouts, answering the requests refused below the app with the envelope', async () => {
    const { result } = await runSnippet(1);
    expect((result['listed'] as Reply).status).toBe(200);
    expect(result['timeouts']).toStrictEqual([30_000, 30_000]);
    expectRawEnvelope(result['backslash'] as string, 400);
    expectRawEnvelope(result['star'] as string, 400);
    expectRawEnvelope(result['big'] as string, 431);
  });

  it('passes locals from the context to the scope, below a prefix, beside an own route', async () => {
    const { result } = await runSnippet(2);
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

  it('serves the OpenAPI document below the prefix, with the servers given, and a 405 for another method', async () => {
    const { result } = await runSnippet(3);
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

  it("reports the 500 to onError's reportError with the correlation id and the error, answering the masked 500", async () => {
    const { result, stderr } = await runSnippet(4);
    const boom = result['boom'] as Reply;
    expectEnvelope(boom, 500);
    expect(boom.body.message).toBe('Internal server error');
    expect(stderr).toContain('{"correlationId":"boom-1","method":"GET","path":"/boom","statusCode":500}');
    expect(stderr).toContain('database unreachable');
  });
});
