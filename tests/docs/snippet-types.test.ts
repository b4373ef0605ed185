/**
 * Type-checks, with the project's settings under `--strict` (and React's JSX for ```tsx), every ```ts and ```tsx
 * snippet of README.md and of every page under docs/ (tests/support/docs-snippets/pages.ts): the adapters' pages with
 * what their tests add to each snippet, the others each snippet a module of its own. Every page's files go into one
 * tsc program, written to `.tmp/docs-types/<page>/`, rather than one program per page, checked incrementally (once
 * run, tsc checks again only what changed). Each file is a test of its own, failing with what tsc says of it; one more
 * fails with anything tsc says of another file (one they import) or of the program.
 *
 * The program is checked four ways, as users build: by TypeScript 5.9 (`typescript`) and TypeScript 7
 * (`typescript7`), each with `moduleResolution: "Bundler"` (`pagelope` resolved to the sources through tsconfig.json's
 * `paths`) and with `module: "NodeNext"` (`pagelope` resolved as a user's project resolves it: through package.json
 * "exports" to the declarations in dist/, so `npm run build` first; test:extended builds them).
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSnippetFiles } from '../support/docs-snippets/files';
import { TYPECHECKED_PAGES } from '../support/docs-snippets/pages';
import { fencedBlocks, markdownPages, readPage, ROOT } from './pages';

const OUT_DIR = join(ROOT, '.tmp', 'docs-types');

/** Every page's files, and where each is written. */
const files = TYPECHECKED_PAGES.flatMap(({ page, files: filesOf }) => {
  const dir = join(OUT_DIR, page.replace(/\.md$/, '').replaceAll('/', '-'));
  return filesOf().map((file) => ({ ...file, dir, path: join(dir, file.file) }));
});

/** A compiler and a module setting: one tsc program over every file. */
interface Variant {
  readonly name: string;
  /** The package holding `bin/tsc`. */
  readonly compiler: 'typescript' | 'typescript7';
  /** What the program's tsconfig sets beside extending the project's. */
  readonly compilerOptions: Readonly<Record<string, unknown>>;
}

const BUNDLER = { jsx: 'react-jsx', strict: true };
// NodeNext: no `paths`, so `pagelope` and `pagelope/<entry>` resolve to dist/ by package.json "exports", as in a
// user's project (a file inside a package may import the package by its own name).
const NODE_NEXT = { ...BUNDLER, module: 'NodeNext', moduleResolution: 'NodeNext', paths: {} };
const VARIANTS: readonly Variant[] = [
  { name: 'TypeScript 5.9, Bundler', compiler: 'typescript', compilerOptions: BUNDLER },
  { name: 'TypeScript 5.9, NodeNext', compiler: 'typescript', compilerOptions: NODE_NEXT },
  { name: 'TypeScript 7, Bundler', compiler: 'typescript7', compilerOptions: BUNDLER },
  { name: 'TypeScript 7, NodeNext', compiler: 'typescript7', compilerOptions: NODE_NEXT },
];

/** What tsc said in each variant, by the absolute path of the file it said it of ('' for the program as a whole). */
const said = new Map<string, Map<string, string>>();
const statuses = new Map<string, number | null>();

/** Groups tsc's `--pretty false` output: a line `file(line,col): error ...` or `error ...` opens a diagnostic. */
function byFile(output: string): Map<string, string> {
  const grouped = new Map<string, string>();
  let current = '';
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const opening = /^(.+?)\(\d+,\d+\): (?:error|warning)/.exec(line);
    if (opening) current = resolve(ROOT, opening[1] ?? '');
    else if (/^(?:error|warning) /.test(line)) current = '';
    grouped.set(current, `${grouped.get(current) ?? ''}${line}\n`);
  }
  return grouped;
}

describe('the TypeScript snippets of every docs page', () => {
  beforeAll(async () => {
    // The NodeNext variants read the declarations in dist/: without them every snippet would fail with TS7016.
    if (!existsSync(join(ROOT, 'dist', 'index.d.ts')))
      throw new Error('dist/index.d.ts is missing: `npm run build` first (npm run test:extended builds it)');
    rmSync(OUT_DIR, { recursive: true, force: true });
    for (const { dir, file, name, source } of files) writeSnippetFiles(dir, [{ file, name, source }]);
    // One after another: TypeScript 7 checks on several threads of its own, and the machine may have two cores.
    for (const [i, { name, compiler, compilerOptions }] of VARIANTS.entries()) {
      const config = {
        extends: '../../tsconfig.json',
        compilerOptions,
        files: files.map(({ path }) => relative(OUT_DIR, path)),
        include: [],
      };
      const project = join(OUT_DIR, `tsconfig.${i}.json`);
      writeFileSync(project, JSON.stringify(config));
      const tsc = join(ROOT, 'node_modules', compiler, 'bin', 'tsc');
      // Incremental: tsc keeps what it found of each file (by its content's hash) in .tmp/docs-types.<i>.tsbuildinfo,
      // and checks again only the files changed since, and those depending on them; it says the same as from scratch.
      const incremental = ['--incremental', '--tsBuildInfoFile', join(ROOT, '.tmp', `docs-types.${i}.tsbuildinfo`)];
      const args = [tsc, '--noEmit', '--pretty', 'false', ...incremental, '-p', project];
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
        said.set(name, byFile(stdout + stderr));
        statuses.set(name, 0);
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string; code?: number | null };
        said.set(name, byFile(`${failed.stdout ?? ''}${failed.stderr ?? ''}`));
        statuses.set(name, failed.code ?? null);
      }
    }
  }, 600_000);

  it.each(TYPECHECKED_PAGES.map(({ page }) => page))('has files of %s to type-check', (page) => {
    expect(files.filter((file) => file.name.startsWith(`${page} `)).length).toBeGreaterThan(0);
  });

  it.each(markdownPages())('type-checks every TypeScript block of %s, each in a file of its own', (page) => {
    const blocks = fencedBlocks(readPage(page));
    for (const [language, label] of [
      ['ts', ''],
      ['tsx', '```tsx '],
      ['typescript', '```typescript '],
    ]) {
      const unchecked = blocks
        .filter((block) => block.language === language)
        .map((_block, i) => `${page} ${label}#${i}`)
        .filter((name) => !files.some((file) => file.name === name || file.name.startsWith(`${name} `)));
      expect(unchecked, 'blocks in no file tsc checks').toEqual([]);
    }
    const other = blocks.filter((block) => /^(?:mts|cts|typescriptreact)$/.test(block.language));
    expect(other, 'TypeScript fenced in a way no test reads').toEqual([]);
  });

  describe.each(VARIANTS.map(({ name }) => name))('%s', (variant) => {
    it.each(files)('type-checks $name', ({ path }) => {
      expect(said.get(variant)?.get(path) ?? '').toBe('');
    });

    it('finds no type error elsewhere, and tsc exits with 0 if it finds none in a snippet', () => {
      const found = said.get(variant) ?? new Map<string, string>();
      const elsewhere = [...found].filter(([file]) => !files.some(({ path }) => path === file));
      expect(elsewhere.map(([, text]) => text).join('')).toBe('');
      // With an error in a snippet's file, that file's test fails, telling which; tsc's status says nothing more.
      if (elsewhere.length === found.size) expect(statuses.get(variant)).toBe(0);
    });
  });
});
