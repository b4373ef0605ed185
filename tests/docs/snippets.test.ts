/**
 * Runs every ```ts snippet of README.md and of each docs page that has no docs test of its own: each is written to
 * `.tmp/docs-snippets/`, run with `node --import tsx` (which resolves `pagelope` and `pagelope/<entry>` to the
 * sources through tsconfig.json's `paths`), and must run to its end and print what its comments promise
 * (tests/support/promised-outputs.ts). They all run in one process, in order, each a module of its own with its own
 * output and exit status (tests/support/snippet-runner.ts), rather than a process each.
 *
 * A block that cannot run here is fenced as ```typescript instead of ```ts, and must say why (see NOT_RUNNABLE).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSnippetFiles } from '../support/docs-snippets/files';
import { promisedOutputs } from '../support/promised-outputs';
import { snippetRunner, type SnippetOutput } from '../support/snippet-runner';
import { fencedBlocks, markdownPages, readPage, ROOT, tsSnippets } from './pages';

const OUT_DIR = join(ROOT, '.tmp', 'docs-snippets');

/**
 * Pages whose snippets a test of their own runs (with a server, a harness or a type check this runner lacks), by the
 * words that name that test: a `*docs*.test.ts` file under tests/ whose path holds them.
 */
const OWN_TESTS: Readonly<Record<string, readonly string[]>> = {
  'docs/adapters/express.md': ['express', 'docs'],
  'docs/adapters/fastify.md': ['fastify', 'docs'],
  'docs/adapters/hono.md': ['hono', 'docs'],
  'docs/adapters/nestjs.md': ['nestjs', 'docs'],
  'docs/openapi.md': ['openapi', 'docs'],
  'docs/client.md': ['client', 'docs'],
  'docs/refine.md': ['refine', 'docs'],
  'docs/testing.md': ['testing', 'docs'],
  'docs/deployment.md': ['deployment', 'shared-rate-limit'],
};

/**
 * How many ```ts snippets each page this test runs holds, so that a snippet cannot drop out of the run unnoticed (a
 * changed fence, a deleted block). A page not listed here (a new one) is run too, whatever it holds.
 */
const SNIPPETS: Readonly<Record<string, number>> = {
  'README.md': 1,
  'docs/README.md': 0,
  'docs/adapters/README.md': 0,
  'docs/adapters/http.md': 2,
  'docs/adapters/node.md': 3,
  'docs/drizzle.md': 2,
  'docs/errors.md': 1,
  'docs/getting-started.md': 1,
  'docs/hooks-and-service.md': 6,
  'docs/internals.md': 0,
  'docs/kit.md': 4,
  'docs/limits-and-security.md': 0,
  'docs/performance.md': 0,
  'docs/postgres.md': 5,
  'docs/repositories.md': 1,
  'docs/resources-and-queries.md': 8,
};

/** What a TypeScript block fenced as anything but ```ts must contain: the reason it cannot run in a test. */
const NOT_RUNNABLE: readonly RegExp[] = [
  /\.listen\(/, // binds a fixed port and keeps running
  /process\.env\.DATABASE_URL/, // needs a PostgreSQL server
];

/** Every test file under tests/, relative to the root. */
function testFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) files.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  walk(join(ROOT, 'tests'));
  return files;
}

const pages = markdownPages();
const ranHere = pages.filter((page) => !(page in OWN_TESTS));
const examples = ranHere.flatMap((page) =>
  tsSnippets(readPage(page)).map((code, i) => ({ page, i, code, name: `${page} #${i}` })),
);

/** Writes every example to `.tmp/docs-snippets/<page>/example-<i>.ts` and runs them all, at the first call. */
let output: ((index: number) => Promise<SnippetOutput>) | undefined;
function outputOf(index: number): Promise<SnippetOutput> {
  output ??= snippetRunner(
    examples.flatMap(({ page, i, code, name }) => {
      const dir = join(OUT_DIR, page.replace(/\.md$/, '').replaceAll('/', '-'));
      return writeSnippetFiles(dir, [{ name, file: `example-${i}.ts`, source: code }]);
    }),
    { timeoutMs: 60_000 },
  );
  return output(index);
}

describe('docs snippets', () => {
  it('finds the pages it runs and a docs test for every other page with snippets', () => {
    expect(ranHere).toEqual(expect.arrayContaining(Object.keys(SNIPPETS)));
    const tests = testFiles();
    for (const [page, words] of Object.entries(OWN_TESTS)) {
      expect(pages, page).toContain(page);
      const own = tests.filter((file) => words.every((word) => file.includes(word)));
      expect(own.length, `a docs test for ${page} (${words.join(', ')})`).toBeGreaterThan(0);
      expect(tsSnippets(readPage(page)).length, page).toBeGreaterThan(0);
    }
  });

  it.each(Object.entries(SNIPPETS))('%s holds %i snippets', (page, count) => {
    expect(tsSnippets(readPage(page))).toHaveLength(count);
  });

  it('fences as ```ts every TypeScript block it could run', () => {
    for (const page of ranHere) {
      for (const block of fencedBlocks(readPage(page))) {
        if (!/^(typescript|tsx?|mts|js|javascript)$/.test(block.language) || block.language === 'ts') continue;
        expect(
          NOT_RUNNABLE.some((reason) => reason.test(block.code)),
          `${page}: a \`\`\`${block.language} block that could run:\n${block.code}`,
        ).toBe(true);
      }
    }
  });

  it('promises an output in every snippet that prints', () => {
    for (const { name, code } of examples) {
      if (code.includes('console.log(')) expect(promisedOutputs(code).length, name).toBeGreaterThan(0);
    }
  });

  it.each(examples.map((example, index) => ({ ...example, index })))(
    'runs $name and prints what it promises',
    async ({ index, code, name }) => {
      const { stdout, stderr, status } = await outputOf(index);
      expect(status, `${name} ended with status ${status}:\n${stderr}`).toBe(0);
      for (const promise of promisedOutputs(code)) {
        if (promise.endsWith('...')) expect(stdout).toContain(promise.slice(0, -3).trim());
        else expect(stdout.replace(/\s+/g, ' ')).toContain(promise.replace(/\s+/g, ' '));
      }
    },
    60_000,
  );
});
