/**
 * What the docs-snippet tests of the adapters share: reading the ```ts snippets of a page under `docs/adapters/`,
 * type-checking the files written from them, running one with `node --import tsx` and reading the `RESULT <json>`
 * line its harness prints, and checking the envelope of a reply.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

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

/** Options of {@link typecheckSnippets} and {@link runSnippetFile}. */
export interface SnippetProcessOptions {
  /** Milliseconds before the child process is killed. */
  readonly timeoutMs?: number;
}

/** What tsc printed and its exit status. */
export interface TypecheckResult {
  readonly output: string;
  readonly status: number | null;
}

/** Type-checks the files of `outDir` matching `include` with the project's settings, through a tsconfig.json there. */
export function typecheckSnippets(
  outDir: string,
  include: readonly string[],
  options: SnippetProcessOptions = {},
): TypecheckResult {
  writeFileSync(join(outDir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json', include }));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const child = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(outDir, 'tsconfig.json')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
  });
  return { output: child.stdout + child.stderr, status: child.status };
}

/** What a snippet's harness printed after `RESULT `, and the process's stderr. */
export interface SnippetRunResult {
  readonly result: Record<string, any>;
  readonly stderr: string;
}

/** Runs `file` with `node --import tsx`, expects it to print a `RESULT <json>` line and returns that JSON parsed. */
export function runSnippetFile(file: string, options: SnippetProcessOptions = {}): SnippetRunResult {
  const child = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
  });
  const line = child.stdout.split('\n').find((each) => each.startsWith('RESULT '));
  expect(line, child.stderr).toBeDefined();
  return { result: JSON.parse((line ?? '').slice('RESULT '.length)) as Record<string, any>, stderr: child.stderr };
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
