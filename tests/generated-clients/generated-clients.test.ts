/**
 * Clients that nobody here wrote: `@hey-api/openapi-ts` (its fetch client) and `orval` (its fetch client), both
 * pinned dev dependencies, generate a client from the document a running app serves at `/openapi.json`, at test time,
 * into .tmp/generated-clients/. A consumer written against each (below, one typed call per case) and the generated
 * code compile under `tsc --strict`; then each client lists with every operator of every field kind (and OR groups)
 * and creates a record, against the app on 127.0.0.1. Each list must send the query the grammar describes (the one
 * written by hand in `handWrittenQuery`) and get the same records; nothing but the default serializers is used.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import { generate } from 'orval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenQuery, listCases, OR_GROUPS, OR_KEYS, RECORDS, startThings, type ListCase } from './things-app';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, '.tmp', 'generated-clients');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** TypeScript 7 (the `typescript7` devDependency): the generated code must compile there too, though the generators run on 5.x. */
const TSC7 = join(ROOT, 'node_modules', 'typescript7', 'bin', 'tsc');
const CASES = listCases();
const NEW_THING = {
  name: 'made by a client',
  size: 55,
  ready: true,
  madeAt: '2024-02-01T00:00:00.000Z',
  color: 'blue',
};

/** What a consumer returns: per list case, what was sent and answered; and the create. */
interface ConsumerResult {
  readonly lists: readonly { readonly key: string; readonly status: number; readonly ids: readonly string[] }[];
  readonly sent: readonly string[];
  readonly created: { readonly status: number; readonly body: unknown };
}

const literal = (value: unknown) => JSON.stringify(value);
const sortOf = (item: ListCase) => `orderBy: ${literal(item.orderBy)}, orderDirection: 'DESC', limit: 100`;

/** The part both consumers share: a `fetch` that records each URL it is given. */
const RECORDING_FETCH = `
const sent: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  sent.push(input instanceof Request ? input.url : String(input));
  return realFetch(input, init);
}) as typeof fetch;
`;

/** The hey-api consumer: `sdk.gen.ts` functions on the generated fetch client. */
function heyApiConsumer(): string {
  const lists = CASES.map(
    (item) => `  {
    const { data, response } = await listThings({
      query: { ${literal(`${item.field}[${item.op}]`)}: ${literal(item.value)}, ${sortOf(item)} },
      headers: { 'x-tenant-id': 'tenant-1' },
    });
    lists.push({ key: ${literal(`${item.field}[${item.op}]`)}, status: response.status, ids: (data?.items ?? []).map((item) => item.id) });
  }`,
  );
  return `import { client } from './client.gen';
import { createThing, listThings } from './sdk.gen';
import type { ThingCreate } from './types.gen';
${RECORDING_FETCH}
export async function run(baseUrl: string) {
  try {
    return await requests(baseUrl);
  } finally {
    globalThis.fetch = realFetch;
  }
}

async function requests(baseUrl: string) {
  client.setConfig({ baseUrl });
  const lists: { key: string; status: number; ids: string[] }[] = [];
${lists.join('\n')}
  {
    const { data, response } = await listThings({
      query: { or: JSON.stringify(${literal(OR_GROUPS)}), orderBy: 'size', orderDirection: 'DESC', limit: 100 },
    });
    lists.push({ key: 'or', status: response.status, ids: (data?.items ?? []).map((item) => item.id) });
  }
  const body: ThingCreate = ${literal(NEW_THING)};
  const created = await createThing({ body });
  return { lists, sent, created: { status: created.response.status, body: created.data } };
}
`;
}

/** The orval consumer: its `fetch` functions, which answer `{ data, status, headers }`. */
function orvalConsumer(): string {
  const ids = `(response.status === 200 ? response.data.items : []).map((item) => item.id)`;
  const lists = CASES.map(
    (item) => `  {
    const response = await listThings(
      { ${literal(`${item.field}[${item.op}]`)}: ${literal(item.value)}, ${sortOf(item)} },
      { headers: { 'x-tenant-id': 'tenant-1' } },
    );
    lists.push({ key: ${literal(`${item.field}[${item.op}]`)}, status: response.status, ids: ${ids} });
  }`,
  );
  return `import { createThing, listThings, type ThingCreate } from './client';
${RECORDING_FETCH}
export async function run() {
  try {
    return await requests();
  } finally {
    globalThis.fetch = realFetch;
  }
}

async function requests() {
  const lists: { key: string; status: number; ids: string[] }[] = [];
${lists.join('\n')}
  {
    const response = await listThings({ or: JSON.stringify(${literal(OR_GROUPS)}), orderBy: 'size', orderDirection: 'DESC', limit: 100 });
    lists.push({ key: 'or', status: response.status, ids: ${ids} });
  }
  const body: ThingCreate = ${literal(NEW_THING)};
  const created = await createThing(body);
  return { lists, sent, created: { status: created.status, body: created.data } };
}
`;
}

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    skipLibCheck: true,
  },
  include: ['**/*.ts'],
};

/** Runs tsc (`compiler`, TypeScript 5.9 by default) over `dir`'s tsconfig.json: its output and exit code. */
function tsc(dir: string, compiler = TSC): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [compiler, '-p', join(dir, 'tsconfig.json')], { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The query pairs of a URL, decoded, in order. */
const pairsOf = (url: string): [string, string][] => [...new URL(url).searchParams];
/** The same pairs grouped by key (order kept within a key): what the server reads, whatever order keys come in. */
const grouped = (pairs: readonly [string, string][]) =>
  [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => `${key}=${value}`);

describe.each(['hey-api', 'orval'] as const)('a client generated by %s', (tool) => {
  let app: Awaited<ReturnType<typeof startThings>>;
  const dir = join(OUT, tool);
  let compiled: { code: number; output: string };
  let compiled7: { code: number; output: string };
  let result: ConsumerResult;
  const direct = new Map<string, { ids: string[]; status: number }>();

  beforeAll(async () => {
    app = await startThings();
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const input = join(OUT, `${tool}-openapi.json`);
    await writeFile(input, await (await fetch(`${app.url}/openapi.json`)).text());
    if (tool === 'hey-api') {
      await createClient({ input, output: dir, plugins: ['@hey-api/client-fetch'], logs: { level: 'silent' } });
      await writeFile(join(dir, 'consumer.ts'), heyApiConsumer());
    } else {
      await generate({
        input: { target: input },
        output: { target: join(dir, 'client.ts'), client: 'fetch', mode: 'single', baseUrl: app.url },
      });
      await writeFile(join(dir, 'consumer.ts'), orvalConsumer());
    }
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    compiled = await tsc(dir);
    compiled7 = await tsc(dir, TSC7);
    // The same requests written by hand, before the client's create changes the store.
    for (const [key, query] of [
      ...CASES.map((item) => [`${item.field}[${item.op}]`, handWrittenQuery(item)] as const),
      ['or', OR_KEYS] as const,
    ]) {
      const response = await fetch(`${app.url}/things?${query}`);
      const body = (await response.json()) as { items: { id: string }[] };
      direct.set(key, { status: response.status, ids: body.items.map((item) => item.id) });
    }
    const consumer = (await import(pathToFileURL(join(dir, 'consumer.ts')).href)) as {
      run: (url: string) => Promise<ConsumerResult>;
    };
    result = await consumer.run(app.url);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('compiles the generated client and its consumer under tsc --strict', () => {
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
  });

  it('compiles them under TypeScript 7 as well (docs/openapi.md: the generators themselves need 5.x)', () => {
    expect(compiled7.output).toBe('');
    expect(compiled7.code).toBe(0);
  });

  it('covers every operator of every field kind, each selecting some records but not all', () => {
    const equality = ['eq', 'ne', 'in', 'notin', 'isnull', 'notnull'];
    const range = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'notin', 'isnull', 'notnull'];
    const text = [
      'cont',
      'excl',
      'starts',
      'ends',
      'eql',
      'nel',
      'contl',
      'excll',
      'startsl',
      'endsl',
      'inl',
      'notinl',
    ];
    const by = (field: string) => CASES.filter((item) => item.field === field).map((item) => item.op);
    expect(by('name')).toEqual([...equality, ...text]); // string
    expect(by('size')).toEqual(range); // number
    expect(by('ready')).toEqual(equality); // boolean
    expect(by('madeAt')).toEqual(range); // date
    expect(by('color')).toEqual(equality); // enum
    expect(new Set(CASES.map((item) => item.op)).size).toBe(23); // every operator of the grammar
    for (const [key, answer] of direct) {
      expect([key, answer.status]).toEqual([key, 200]);
      expect(answer.ids.length, key).toBeGreaterThan(0);
      expect(answer.ids.length, key).toBeLessThan(RECORDS.length);
    }
  });

  it('sends each filtered, sorted list as the hand-written query and gets the same records', () => {
    const keys = [...direct.keys()];
    expect(result.lists.map((list) => list.key)).toEqual(keys);
    expect(result.sent).toHaveLength(keys.length + 1);
    for (const [i, list] of result.lists.entries()) {
      const expected = direct.get(list.key)!;
      expect([list.key, list.status, list.ids]).toEqual([list.key, 200, expected.ids]);
      const item = CASES[i];
      if (item === undefined) {
        // The OR groups go as one JSON value: the server reads them as the keys.
        expect(pairsOf(result.sent[i]!)).toContainEqual(['or', JSON.stringify(OR_GROUPS)]);
        continue;
      }
      expect(grouped(pairsOf(result.sent[i]!))).toEqual(grouped(pairsOf(`http://x/things?${handWrittenQuery(item)}`)));
    }
  });

  it('creates a record: 201 and the record as sent, with its new id', () => {
    expect(result.created.status).toBe(201);
    expect(result.created.body).toEqual({ id: expect.any(String), ...NEW_THING });
    expect(RECORDS.map((record) => record.id)).not.toContain((result.created.body as { id: string }).id);
  });
});
