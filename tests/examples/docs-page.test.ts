import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNestjs } from '../../examples/nestjs/listen';
import { demoMessage } from '../../examples/shared/demo-message';
import { docsPage } from '../../examples/shared/docs-page';
import type { ListenOptions, RunningServer } from '../../examples/shared/listen-options';

const ROOT = join(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const JS = 'text/javascript; charset=utf-8';

const FRAMEWORKS: [string, (options: ListenOptions) => Promise<RunningServer>][] = [
  ['fastify', listenFastify],
  ['express', listenExpress],
  ['hono', listenHono],
  ['nestjs', (options) => listenNestjs(options)],
  ['nestjs on fastify', (options) => listenNestjs(options, new FastifyAdapter())],
];

/** Every file the page references, its content type and where its text comes from. */
const ASSETS = [
  { path: '/docs/swagger-ui.css', type: 'text/css; charset=utf-8', file: join(SWAGGER_UI, 'swagger-ui.css') },
  { path: '/docs/swagger-ui-bundle.js', type: JS, file: join(SWAGGER_UI, 'swagger-ui-bundle.js') },
  { path: '/docs/docs-init.js', type: JS, file: join(ROOT, 'examples', 'shared', 'docs-init.js') },
];

/** Source maps, served for the browser's devtools but not referenced by the page. */
const SOURCE_MAPS = [
  { path: '/docs/swagger-ui.css.map', file: join(SWAGGER_UI, 'swagger-ui.css.map') },
  { path: '/docs/swagger-ui-bundle.js.map', file: join(SWAGGER_UI, 'swagger-ui-bundle.js.map') },
];

/**
 * Paths under /docs that are not served: unknown files, files of swagger-ui-dist left out, traversal attempts, hostile
 * names (the longest one under the 100 characters past which NestJS on Fastify answers 414).
 */
const NOT_SERVED = [
  '/docs/nope.js',
  '/docs/',
  '/docs/index.html',
  '/docs/swagger-initializer.js',
  '/docs/package.json',
  '/docs/SWAGGER-UI.CSS',
  '/docs/swagger-ui.css%00.js',
  '/docs/..%2fpackage.json',
  '/docs/..%2F..%2Fpackage.json',
  '/docs/../../package.json',
  '/docs/%2e%2e/%2e%2e/package.json',
  '/docs/..%5c..%5cpackage.json',
  '/docs/__proto__',
  '/docs/constructor',
  '/docs/%E2%9C%93',
  `/docs/${'a'.repeat(96)}.js`,
];

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A GET with the path sent as written (fetch would resolve `..` segments before sending). */
function rawGet(base: string, path: string, correlationId: string): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers: { 'x-correlation-id': correlationId } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject).end();
  });
}

/** The values of an attribute on every tag of an HTML text. */
const attributes = (html: string, name: string): string[] =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((match) => match[1] ?? '');

describe('docsPage', () => {
  it.each([
    { path: '/docs', type: 'text/html; charset=utf-8' },
    { path: '/docs?tab=users#x', type: 'text/html; charset=utf-8' },
    ...ASSETS,
    { path: '/docs/swagger-ui.css?v=1', type: 'text/css; charset=utf-8' },
  ])('returns a 200 of $type for $path', ({ path, type }) => {
    const page = docsPage(path);
    expect(page?.status).toBe(200);
    expect(page?.headers['content-type']).toBe(type);
    expect(page?.headers['x-content-type-options']).toBe('nosniff');
    expect(page?.body.length).toBeGreaterThan(0);
  });

  it.each([...NOT_SERVED, '', '/', '/docsx', '/openapi.json', 'docs', '/DOCS', '/docs/./swagger-ui.css', '/x/docs'])(
    'returns undefined for %j',
    (path) => {
      expect(docsPage(path)).toBeUndefined();
    },
  );
});

describe.each(FRAMEWORKS)('the docs page on %s', (_name, listen) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen({ port: 0, seedRecords: 3, rateLimitMax: 10_000 });
  });
  afterAll(() => server?.close());

  it('answers GET /docs with an HTML page that loads only its own files under /docs/, no inline script', async () => {
    const response = await rawGet(server.url, '/docs', 'docs-1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-correlation-id']).toBe('docs-1');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src/);
    const references = [...attributes(response.body, 'src'), ...attributes(response.body, 'href')];
    expect(references.sort()).toStrictEqual(['data:,', ...ASSETS.map((asset) => asset.path)].sort());
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, content] of scripts) {
      expect(attrs).toMatch(/\ssrc="\/docs\//);
      expect(content?.trim()).toBe('');
    }
    expect(attributes(response.body, 'data-url')).toStrictEqual(['/openapi.json']);
  });

  it.each([...ASSETS, ...SOURCE_MAPS.map((map) => ({ ...map, type: 'application/json; charset=utf-8' }))])(
    'serves $path as $type, the file from disk',
    async ({ path, type, file }) => {
      const response = await rawGet(server.url, path, 'asset-1');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-correlation-id']).toBe('asset-1');
      expect(response.body === readFileSync(file, 'utf8')).toBe(true);
    },
  );

  it.each(NOT_SERVED)('answers %s with the 404 envelope', async (path) => {
    const response = await rawGet(server.url, path, 'missing-1');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-correlation-id']).toBe('missing-1');
    expect(JSON.parse(response.body)).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      correlationID: 'missing-1',
    });
    expect(response.body).not.toMatch(/devDependencies|SwaggerUIBundle|\.swagger-ui\{/);
  });

  it('serves the OpenAPI document of the users routes at /openapi.json, the address the page loads', async () => {
    const response = await rawGet(server.url, '/openapi.json', 'openapi-1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-correlation-id']).toBe('openapi-1');
    const document = JSON.parse(response.body) as { openapi: string; info: unknown; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'pagelope demo', version });
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/users', '/users/cursor', '/users/{id}']));
  });
});

describe('demoMessage', () => {
  it('returns the addresses of the docs page and the OpenAPI document, beside the curl commands', () => {
    const message = demoMessage({
      framework: 'hono',
      store: 'embedded PGlite',
      url: 'http://127.0.0.1:4321',
      count: 7,
    });
    const lines = message.split('\n');
    expect(lines[0]).toBe(
      'pagelope demo (hono, embedded PGlite) listening on http://127.0.0.1:4321 with 7 seeded users',
    );
    expect(lines).toContain('Docs page:        http://127.0.0.1:4321/docs');
    expect(lines).toContain('OpenAPI document: http://127.0.0.1:4321/openapi.json');
    expect(lines.filter((line) => line.startsWith('curl -s'))).toHaveLength(7);
    expect(lines.at(-1)).toBe('Press Ctrl+C to stop.');
  });
});

describe('npm run demo', () => {
  it('prints the docs page and document addresses of the server it starts, and both answer', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/demo.ts', '--framework', 'hono'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', SEED_RECORDS: '3' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('Press Ctrl+C to stop.')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        void exited.then((code) => reject(new Error(`demo exited with ${code}:\n${output}`)));
      });
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(output)?.[1];
      const docs = /^Docs page: +(\S+)$/m.exec(output)?.[1];
      const openapi = /^OpenAPI document: +(\S+)$/m.exec(output)?.[1];
      expect([docs, openapi]).toStrictEqual([`${base}/docs`, `${base}/openapi.json`]);
      const page = await fetch(docs ?? '');
      expect([page.status, page.headers.get('content-type')]).toStrictEqual([200, 'text/html; charset=utf-8']);
      expect(await page.text()).toContain('/docs/swagger-ui-bundle.js');
      const document = await fetch(openapi ?? '');
      expect(document.status).toBe(200);
      expect(await document.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'pagelope demo' } });
      // Every GET the message suggests answers as it says: the search curl with OR groups, select and the link header.
      const gets = [...output.matchAll(/^curl -sgi? '([^']+)'$/gm)].map((match) => match[1] ?? '');
      expect(gets).toHaveLength(3);
      const [listed, searched, failed] = await Promise.all(gets.map((url) => fetch(url)));
      expect(listed?.status).toBe(200);
      expect(searched?.status).toBe(200);
      expect(searched?.headers.get('link')).toMatch(/rel="first".*rel="last"/);
      const { items } = (await searched!.json()) as { items: Record<string, unknown>[] };
      for (const item of items) expect(Object.keys(item)).toStrictEqual(['id', 'username', 'age']);
      expect(failed?.status).toBe(400);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
