/**
 * The demo's document through third-party client tooling: `openapi-typescript` generates the checked-in
 * `generated/demo-api.d.ts` from it, `tsc` (strict) accepts the consumer written against those types and refuses its
 * misuses, and the consumer, on `openapi-fetch`, gets what its types promise from the running Fastify demo.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuerySerializer } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { toOpenApi } from 'pagelope';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../examples/fastify/listen';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { BAD_LIMIT_CORRELATION_ID, NEW_USER, run, type DemoConsumerResult, type User } from './consumer/demo-consumer';

const ROOT = join(import.meta.dirname, '..', '..');
const GENERATED = join(import.meta.dirname, 'generated', 'demo-api.d.ts');
const CONSUMER = join(import.meta.dirname, 'consumer', 'demo-consumer.ts');
const MISUSE = join(import.meta.dirname, 'consumer', 'demo-misuse.ts');

const HEADER = `// The demo's OpenAPI document (\`toOpenApi\` over \`createDemoRoutes().routes\`) as TypeScript, by openapi-typescript.
// Generated: do not edit. tests/openapi/openapi-fetch.test.ts fails when it is out of date;
// \`npx vitest run tests/openapi/openapi-fetch.test.ts -u\` rewrites it.

`;

/**
 * openapi-typescript's output for the demo's document, formatted as the repository formats TypeScript.
 * `defaultNonNullable: false`: its default makes every property with a `default` required, which would demand from a
 * create or replace body the fields the document leaves out of `required` because the server fills them.
 */
async function generateDemoTypes(): Promise<string> {
  const demo = createDemoRoutes({ seedRecords: 1 });
  const document = toOpenApi(demo.routes, { info: demo.openapi.info });
  const ast = await openapiTS(structuredClone(document) as unknown as Parameters<typeof openapiTS>[0], {
    defaultNonNullable: false,
    silent: true,
  });
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: GENERATED });
}

/** What tsc printed and its exit code. */
interface TscRun {
  readonly code: number | null;
  readonly output: string;
}

/**
 * Type-checks `files` alone with strict settings through a tsconfig in `dir`. Declaration files are checked too (the
 * generated types are one), all but TypeScript's own `lib` files.
 */
async function tsc(dir: string, name: string, files: readonly string[]): Promise<TscRun> {
  const project = join(dir, `${name}.tsconfig.json`);
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    types: [],
    noEmit: true,
  };
  await writeFile(project, JSON.stringify({ compilerOptions, files }, null, 2));
  const bin = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, '-p', project, '--pretty', 'false'],
      { cwd: dir, timeout: 20_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr });
      },
    );
  });
}

/** The `<line>:TS<code>` of each `@ts-expect-error TS<code>` of `source`: the line after the directive. */
function expectedErrors(source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const code = /\/\/ @ts-expect-error (TS\d+)/.exec(line)?.[1];
    return code === undefined ? [] : [`${i + 2}:${code}`];
  });
}

describe('openapi-typescript', () => {
  it('generates the checked-in tests/openapi/generated/demo-api.d.ts from the demo document', async () => {
    const source = await generateDemoTypes();
    expect(source).toContain('export interface paths {');
    expect(source).toContain('listUsers: {');
    await expect(source).toMatchFileSnapshot(GENERATED);
  });
});

// Checks the checked-in types, which the test above keeps current (with `-u`, rerun: the file is written at the end).
describe('tsc over the openapi-fetch consumer', () => {
  let dir = '';
  let consumer: TscRun;
  let misuse: TscRun;
  let misuseSource = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagelope-openapi-fetch-'));
    // The misuse copy lives in `dir`: it finds openapi-fetch through this link, the generated types by absolute path.
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    misuseSource = await readFile(MISUSE, 'utf8');
    const copy = join(dir, 'demo-misuse.ts');
    await writeFile(
      copy,
      misuseSource
        .replaceAll('// @ts-expect-error', '// expected:')
        .replace(`'../generated/demo-api'`, JSON.stringify(GENERATED.replace(/\.d\.ts$/, ''))),
    );
    [consumer, misuse] = await Promise.all([
      tsc(dir, 'consumer', [CONSUMER, GENERATED]),
      tsc(dir, 'misuse', [copy, GENERATED]),
    ]);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 for the consumer and the generated types', () => {
    expect(consumer.output).toBe('');
    expect(consumer.code).toBe(0);
  });

  it('exits non-zero with exactly the expected errors for the misuse copy', () => {
    const expected = expectedErrors(misuseSource);
    expect(expected).toHaveLength(6);
    const found = [...misuse.output.matchAll(/demo-misuse\.ts\((\d+),\d+\): error (TS\d+)/g)].map(
      ([, line, code]) => `${line}:${code}`,
    );
    expect(found, misuse.output).toEqual(expected);
    expect(misuse.code).toBe(2);
  });
});

describe('openapi-fetch default querySerializer', () => {
  const serialize = createQuerySerializer();

  it('returns a field[op] filter and a list operator as the key repeated, values encoded', () => {
    expect(
      serialize({
        'status[eq]': 'active',
        'username[cont]': 'a b&c[é]',
        'status[in]': ['active', 'banned'],
        'age[between]': [30, 50],
        orderBy: 'age',
        limit: 5,
      }),
    ).toMatch(
      /^status(\[|%5B)eq(\]|%5D)=active&username(\[|%5B)cont(\]|%5D)=a%20b%26c%5B%C3%A9%5D&status(\[|%5B)in(\]|%5D)=active&status(\[|%5B)in(\]|%5D)=banned&age(\[|%5B)between(\]|%5D)=30&age(\[|%5B)between(\]|%5D)=50&orderBy=age&limit=5$/,
    );
  });
});

describe('demo-consumer run', () => {
  let server: RunningServer;
  let result: DemoConsumerResult;
  let seeded: readonly User[];

  beforeAll(async () => {
    server = await listen({ port: 0, host: '127.0.0.1', seedRecords: 50, rateLimitMax: 10_000 });
    const response = await fetch(`${server.url}/users?limit=100`);
    seeded = ((await response.json()) as { items: User[] }).items;
    result = await run(server.url);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('returns the five oldest active users, sent as status[eq]=active with the order and limit', () => {
    const { status, search, body } = result.oldestActive;
    expect(status).toBe(200);
    expect(search).toBe('?status[eq]=active&orderBy=age&orderDirection=DESC&limit=5');
    const active = seeded.filter((user) => user.status === 'active');
    expect(active.length).toBeGreaterThan(5);
    expect(active.length).toBeLessThan(seeded.length);
    const byAgeDesc = [...active].sort((a, b) => b.age - a.age || a.id.localeCompare(b.id));
    expect(body.items).toEqual(byAgeDesc.slice(0, 5));
    expect(body).toMatchObject({ total: active.length, page: 1, limit: 5, hasPreviousPage: false });
    expect(body.hasNextPage).toBe(active.length > 5);
  });

  it('returns the users a status[in] and age[between] filter selects, sent as repeated keys', () => {
    const { status, search, body } = result.listOperators;
    expect(status).toBe(200);
    expect(search).toBe(
      '?status[in]=active&status[in]=banned&age[between]=30&age[between]=50&orderBy=age%2Cusername&orderDirection=ASC&limit=100',
    );
    const expected = seeded
      .filter((user) => user.status !== 'inactive' && user.age >= 30 && user.age <= 50)
      .sort((a, b) => a.age - b.age || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
    expect(expected.length).toBeGreaterThan(1);
    expect(body.items).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('returns the created record with 201 and its location, and the same record from GET /users/{id}', () => {
    const { status, body } = result.created;
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), ...NEW_USER, deletedAt: null, version: 1 });
    expect(seeded.some((user) => user.id === body.id)).toBe(false);
    expect(result.created.location).toBe(`/users/${encodeURIComponent(body.id)}`);
    expect(result.fetched).toMatchObject({ status: 200, body });
  });

  it('returns the 400 envelope for limit=0 with the correlation id it sent', () => {
    expect(result.badLimit).toEqual({
      status: 400,
      search: '?limit=0',
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['limit must be a positive integer'],
        timestamp: expect.any(Number),
        correlationID: BAD_LIMIT_CORRELATION_ID,
      },
    });
  });
});
