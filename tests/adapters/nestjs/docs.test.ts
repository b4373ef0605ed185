/**
 * Runs each ```ts snippet of docs/adapters/nestjs.md: written to `.tmp/docs-nestjs/` with its `listen(3000)` turned
 * into `listen(0)` and its `app` exported (tests/support/docs-snippets/nestjs.ts), imported, and sent requests; the
 * tests check what the page promises. tests/docs/snippet-types.test.ts type-checks the same files.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Logger, type INestApplication } from '@nestjs/common';
import { toOpenApi, type ResourceRoutes } from 'pagelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestjsDocs, outDir, snippets } from '../../support/docs-snippets/nestjs';
import { writeSnippetFiles } from '../../support/docs-snippets/files';
import { expectEnvelope, expectRawEnvelope, type Reply } from '../docs-snippets';

/**
 * Writes snippet `i`, listening on port 0 and exporting its app (and its `routes`, if named), and returns its path.
 * Beside it goes a tsconfig.json extending the project's: vitest's transform takes the decorator settings
 * (`experimentalDecorators`, `emitDecoratorMetadata`) from the nearest tsconfig.json that includes the file, and the
 * project's own does not include .tmp/.
 */
function writeSnippet(i: number): string {
  const file = nestjsDocs.files()[i];
  if (file === undefined) throw new Error(`docs/adapters/nestjs.md has no snippet ${i}`);
  const config = { extends: '../../tsconfig.json', include: ['*.ts'] };
  writeSnippetFiles(outDir, [{ name: 'tsconfig', file: 'tsconfig.json', source: JSON.stringify(config) }]);
  return writeSnippetFiles(outDir, [file])[0] ?? '';
}

/** Imports snippet `i` and gives a client of the app it started; `close` closes it. */
async function run(i: number) {
  const { app, routes } = (await import(writeSnippet(i))) as { app: INestApplication; routes?: ResourceRoutes };
  const server = app.getHttpServer() as Server;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, init: RequestInit = {}): Promise<Reply> => {
    const response = await fetch(url + path, init);
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: text ? JSON.parse(text) : undefined };
  };
  /** Sends a raw request head and resolves the whole raw response. */
  const raw = (head: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', () => undefined);
      socket.end(`${head}connection: close\r\n\r\n`);
    });
  return { app, routes, server, call, raw };
}

const BIG_HEADER = `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n`;

describe('docs/adapters/nestjs.md', () => {
  const apps: INestApplication[] = [];
  const start = async (i: number) => {
    const started = await run(i);
    apps.push(started.app);
    return started;
  };
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('has the six snippets the tests below run', () => {
    expect(snippets).toHaveLength(6);
  });

  it('wires one resource with the limiter in at most 15 lines', async () => {
    expect((snippets[0] ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(15);
    const { call } = await start(0);
    const created = await call('/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'lamp', price: 20 }),
    });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe(`/products/${encodeURIComponent(created.body.id)}`);
    expect((await call('/products?name[cont]=am&orderBy=price')).body).toMatchObject({
      total: 1,
      items: [created.body],
    });
    const put = await call('/products', { method: 'PUT' });
    expectEnvelope(put, 405);
    expect(put.headers['allow']).toBe('GET, POST');
    expectEnvelope(await call('/nowhere'), 404, 'Cannot GET /nowhere');
    let limited = await call('/products');
    for (let i = 0; i < 120 && limited.status !== 429; i++) limited = await call('/products');
    expectEnvelope(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('passes locals from the Fastify request to the scope, below a prefix, beside an own route', async () => {
    const { call } = await start(1);
    expectEnvelope(await call('/v1/notes'), 401);
    const created = await call('/v1/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'ada' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ owner: 'ada', text: 'hi' });
    expect(created.headers['location']).toBe(`/v1/notes/${encodeURIComponent(created.body.id)}`);
    const [ada, bob] = [
      await call('/v1/notes', { headers: { 'x-user': 'ada' } }),
      await call('/v1/notes', { headers: { 'x-user': 'bob' } }),
    ];
    expect([ada.body.total, bob.body.total]).toStrictEqual([1, 0]);
    const tooLarge = await call('/v1/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'ada' },
      body: JSON.stringify({ text: 'x'.repeat(5000) }),
    });
    expectEnvelope(tooLarge, 413, 'Request body is larger than 4096 bytes');
    const health = await call('/health');
    expect(health.body).toStrictEqual({ ok: true });
    expect(health.headers['x-correlation-id']).toBeDefined();
  });

  it('serves the OpenAPI document at its path, HEAD as GET, and a 405 for another method', async () => {
    const { call, routes } = await start(2);
    const document = await call('/docs/openapi.json', { headers: { 'x-correlation-id': 'doc-1' } });
    expect([document.status, document.headers['content-type'], document.headers['x-correlation-id']]).toStrictEqual([
      200,
      'application/json; charset=utf-8',
      'doc-1',
    ]);
    expect(routes).toBeDefined();
    const info = { title: 'Shop API', version: '1.0.0' };
    expect(document.body).toStrictEqual(JSON.parse(JSON.stringify(toOpenApi(routes!, { info }))));
    const head = await call('/docs/openapi.json', { method: 'HEAD' });
    expect([head.status, head.body]).toStrictEqual([200, undefined]);
    const post = await call('/docs/openapi.json', { method: 'POST' });
    expectEnvelope(post, 405);
    expect(post.headers['allow']).toBe('GET');
    expectEnvelope(await call('/openapi.json'), 404);
  });

  it('gives the filter alone the envelope of every failure', async () => {
    const { call } = await start(3);
    const missing = await call('/orders/1', { headers: { 'x-correlation-id': 'order-1' } });
    expectEnvelope(missing, 404, 'no such order');
    expect(missing.body.correlationID).toBe('order-1');
    expectEnvelope(await call('/nowhere?x=1'), 404, 'Cannot GET /nowhere');
  });

  it.each([
    ['Express', 4],
    ['Fastify', 5],
  ])('sets 30 s timeouts and answers the requests Node refuses with the envelope on %s', async (_name, i) => {
    const { server, raw } = await start(i);
    expect([server.requestTimeout, server.headersTimeout]).toStrictEqual([30_000, 30_000]);
    expectRawEnvelope(await raw(BIG_HEADER), 431);
  });
});
