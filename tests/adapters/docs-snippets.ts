/**
 * What the docs-snippet tests of the adapters share: reading the ```ts snippets of a page under `docs/adapters/`,
 * running the files written from them with `node --import tsx` and reading the `RESULT <json>` line each one's harness
 * prints, and checking the envelope of a reply. tests/docs/snippet-types.test.ts type-checks those files.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { writeSnippetFiles, type SnippetFile } from '../support/docs-snippets/files';
import { snippetRunner, type SnippetOutput } from '../support/snippet-runner';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** The snippets of a docs page and the directory its tests write files to. */
export interface DocsPage {
  readonly snippets: readonly string[];
  readonly outDir: string;
}

/** Reads the ```ts snippets of `docs/adapters/<name>.md`; files made from them go to `.tmp/docs-<name>/`, created here. */
export function docsPage(name: string): DocsPage {
  const page = readFileSync(join(ROOT, 'docs', 'adapters', `${name}.md`), 'utf8');
  const snippets = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const outDir = join(ROOT, '.tmp', `docs-${name}`);
  mkdirSync(outDir, { recursive: true });
  return { snippets, outDir };
}

/** What a snippet's harness printed after `RESULT `, and the stderr of its run. */
export interface SnippetRunResult {
  readonly result: Record<string, any>;
  readonly stderr: string;
}

/**
 * Gives what the harness of `files[i]` printed after `RESULT `, once it has run: the first call writes the files to
 * `outDir` (and `alsoWritten`, which they import) and runs them in order, in one `node --import tsx` process (tests/support/snippet-runner.ts), each a module
 * of its own that must print a `RESULT <json>` line and run to its end.
 */
export function snippetResults(
  outDir: string,
  files: readonly SnippetFile[],
  alsoWritten: readonly SnippetFile[] = [],
): (i: number) => Promise<SnippetRunResult> {
  let output: ((i: number) => Promise<SnippetOutput>) | undefined;
  return async (i) => {
    if (output === undefined) {
      writeSnippetFiles(outDir, alsoWritten);
      output = snippetRunner(writeSnippetFiles(outDir, files), { timeoutMs: 20_000 });
    }
    const { stdout, stderr, status } = await output(i);
    const line = stdout.split('\n').find((each) => each.startsWith('RESULT '));
    expect(line, `${files[i]?.name}:\n${stderr}`).toBeDefined();
    expect(status, `${files[i]?.name}:\n${stderr}`).toBe(0);
    return { result: JSON.parse((line ?? '').slice('RESULT '.length)) as Record<string, any>, stderr };
  };
}

/** A response as the harnesses report it: status, headers by lower-case name, body parsed as JSON. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Source of a harness's `call(path, init)`: fetches `url + path` and resolves a {@link Reply}. Needs `url` in scope. */
export const CALL_SOURCE = `
const call = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(url + path, init);
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, headers, body: text ? JSON.parse(text) : undefined };
};
`;

/** Expects `reply` to have `status` and an envelope of it carrying the reply's correlation id (and `message`, if given). */
export function expectEnvelope(reply: Reply, status: number, message?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.body).toMatchObject({ statusCode: status, correlationID: reply.headers['x-correlation-id'] });
  if (message !== undefined) expect(reply.body.message).toBe(message);
}

/** Expects a raw HTTP/1.1 response to have `status` and an envelope of it carrying its header's correlation id. */
export function expectRawEnvelope(text: string, status: number): void {
  expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const id = /\r\nx-correlation-id: ([^\r]+)/i.exec(text)?.[1];
  expect(id).toBeDefined();
  expect(JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1))).toMatchObject({
    statusCode: status,
    correlationID: id,
  });
}

/**
 * Harness bodies that several adapter pages share, for snippets that promise the same behaviour (async function
 * bodies given `url` and `call`; see each page's HARNESSES).
 */
export const SHARED_HARNESSES = {
  /** Wiring one resource with the limiter: create, a filtered sorted list, a 405, a 404 and the 429. */
  wiring: `const created = await call('/products', { method: 'POST', headers: { 'content-type': 'application/json' },
     body: JSON.stringify({ name: 'lamp', price: 20 }) });
   const listed = await call('/products?name[cont]=am&orderBy=price');
   const put = await call('/products', { method: 'PUT' });
   const missing = await call('/nowhere');
   let limited = await call('/products');
   for (let i = 0; i < 120 && limited.status !== 429; i++) limited = await call('/products');
   return { created, listed, put, missing, limited };`,
  /** `locals` from a header reaching the scope, below the `/v1` prefix, beside an own `/health` route. */
  prefixedLocals: `const anonymous = await call('/v1/notes');
   const created = await call('/v1/notes', { method: 'POST',
     headers: { 'content-type': 'application/json', 'x-user': 'ada' }, body: JSON.stringify({ text: 'hi' }) });
   const ada = await call('/v1/notes', { headers: { 'x-user': 'ada' } });
   const bob = await call('/v1/notes', { headers: { 'x-user': 'bob' } });
   const health = await call('/health');
   return { anonymous, created, ada, bob, health };`,
  /** The OpenAPI document below the `/v1` prefix: GET, HEAD as GET, a 405, and the document `toOpenApi` makes. */
  prefixedOpenApi: `const { toOpenApi } = await import('pagelope');
   const document = await call('/v1/openapi.json', { headers: { 'x-correlation-id': 'doc-1' } });
   const head = await call('/v1/openapi.json', { method: 'HEAD' });
   const post = await call('/v1/openapi.json', { method: 'POST' });
   const expected = JSON.parse(JSON.stringify(toOpenApi(defineRoutes(service), openapi)));
   return { document, head, post, expected };`,
  /** A failing route whose error the page's logging hook sees: the envelope with the request's correlation id. */
  boom: `return { boom: await call('/boom', { headers: { 'x-correlation-id': 'boom-1' } }) };`,
} as const;
