/**
 * Runs each ```ts snippet of docs/adapters/express.md (listening on port 0 instead of 3000) with a harness appended
 * that sends it requests and prints what it got (tests/support/docs-snippets/express.ts), all in one process; the test
 * checks what the page promises. tests/docs/snippet-types.test.ts type-checks the same files.
 */
import { describe, expect, it } from 'vitest';
import { HARNESSES, expressDocs, outDir, snippets } from '../../support/docs-snippets/express';
import { expectEnvelope, snippetResults, type Reply } from '../docs-snippets';

/** Runs each snippet with its harness (all in one process, as each test first needs them). */
const runSnippet = snippetResults(outDir, expressDocs.files());

describe('docs/adapters/express.md', () => {
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

  it('passes locals from the request to the scope, below a prefix, beside an own route', async () => {
    const { result } = await runSnippet(1);
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
    const { result } = await runSnippet(2);
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

  it('reports the 500 to reportError with the correlation id and the error, answering the masked 500', async () => {
    const { result, stderr } = await runSnippet(3);
    const boom = result['boom'] as Reply;
    expectEnvelope(boom, 500);
    expect(boom.body.message).toBe('Internal server error');
    expect(stderr).toContain('{"correlationId":"boom-1","method":"GET","path":"/boom","statusCode":500}');
    expect(stderr).toContain('database unreachable');
  });

  it('sets 30 s timeouts and answers a request Node refuses with the envelope', async () => {
    const { result } = await runSnippet(4);
    expectEnvelope(result['missing'] as Reply, 404);
    expect(result['timeouts']).toStrictEqual([30_000, 30_000]);
    const raw = result['raw'] as string;
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('{')))).toMatchObject({ statusCode: 431 });
  });
});
