/**
 * The figures of issue 33, read from src/ by TypeScript's compiler API (tests/support/code-figures.ts) and printed:
 * no function over 120 lines and no `as never` cast in src/, but for the PENDING lists below, which may only shrink
 * (an entry whose function is now short or gone, or whose casts are fewer, fails the test until it is removed); and
 * the lines of each SQL dialect (printed) and of each HTTP adapter (at most 150 code lines, PENDING_ADAPTERS aside);
 * the names of `pagelope/http`, at most 20 (PENDING_HTTP_NAMES aside), none of them used by exactly one adapter.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { countLines, readFigures, ROOT, sourceFiles, type FunctionSpan, type NeverCast } from './support/code-figures';

/** The most lines a function of src/ may span. */
const MAX_FUNCTION_LINES = 120;

/**
 * Functions of src/ over {@link MAX_FUNCTION_LINES} lines still to split, as `file: name` (names as
 * tests/support/code-figures.ts gives them).
 */
const PENDING_LONG_FUNCTIONS: readonly string[] = [];

/**
 * The `as never` casts of src/ still to replace by proper types, counted per `file: function` (`(top level)` outside
 * any function): none are left, and none may come back.
 */
const PENDING_NEVER_CASTS: Readonly<Record<string, number>> = {};

/**
 * The most code lines (blank and comment lines aside: each export keeps its TSDoc) of an adapter: its folder, and the
 * files of src/http/ that it alone uses (`parkedInHttp`).
 */
const MAX_ADAPTER_CODE_LINES = 150;

/**
 * Adapter folders still over {@link MAX_ADAPTER_CODE_LINES}, with their code lines, which may only go down (a figure
 * that changed, or a folder now within the limit, fails the test until it is updated or removed): none are left.
 */
const PENDING_ADAPTERS: Readonly<Record<string, number>> = {};

/** The folders of src/ that other work owns (issue 33's SQL engine and HTTP edge). */
const OTHER_FOLDERS = ['src/sql/', 'src/postgres/', 'src/drizzle/', 'src/http/', 'src/adapters/'];

/** The SQL dialects, each known by its files' names across the SQL folders (all of src/postgres/ is PostgreSQL's). */
const DIALECTS: Readonly<Record<string, (file: string) => boolean>> = {
  PostgreSQL: (file) => file.startsWith('src/postgres/') || /\/(?:pg|postgres)[-.]/.test(file),
  SQLite: (file) => /\/sqlite[-.]/.test(file),
  MariaDB: (file) => /\/(?:[a-z]+-)?(?:mysql|maria-?db)[-.]/.test(file),
};

/** The folders that hold SQL code (src/sql/ once the shared engine exists). */
const SQL_FOLDERS = ['src/sql', 'src/postgres', 'src/drizzle'].filter((folder) => existsSync(join(ROOT, folder)));

/** The most names `pagelope/http` may export (issue 33: tRPC's `/http` entry has 17). */
const MAX_HTTP_NAMES = 20;

/**
 * Names of `pagelope/http` not counted against {@link MAX_HTTP_NAMES}: none are left (the status classes and names
 * left the entry; application code throws `HttpError` with a status, from the root entry). The list only shrinks.
 */
const PENDING_HTTP_NAMES: readonly string[] = [];

/** The names a file imports, or re-exports, from the specifiers `from` accepts (aliases by their imported name). */
function namesImported(file: string, from: (specifier: string) => boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier) || !from(specifier.text)) continue;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (bindings !== undefined && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
      for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
  }
  return names;
}

/** The names of `pagelope/http` (its index re-exports them all), and the adapters that use each. */
const httpNames = namesImported('src/http/index.ts', () => true);
const adapterUses = (name: string): string[] =>
  [...new Set(sourceFiles('src/adapters').map((file) => file.split('/')[2] ?? ''))].filter((adapter) =>
    sourceFiles(`src/adapters/${adapter}`).some((file) =>
      namesImported(file, (specifier) => specifier === 'pagelope/http' || specifier.startsWith('../../http/')).includes(
        name,
      ),
    ),
  );

/** The module specifiers a file imports or re-exports from. */
const specifiersOf = (file: string): string[] =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bfrom '([^']+)'/g)].map((match) => match[1] ?? '');

/**
 * The files of src/http/ that exactly one adapter imports and nothing else in src/ (no other src/http/ file, no
 * entry) does, by that adapter: code parked there counts as the adapter's own.
 */
const parkedInHttp = (): Record<string, string[]> => {
  const parked: Record<string, string[]> = {};
  const importers = sourceFiles('src').filter((file) => !file.startsWith('src/http/index.ts'));
  for (const file of sourceFiles('src/http')) {
    const name = file.slice('src/http/'.length, -'.ts'.length);
    if (name === 'index') continue;
    const users = importers.filter(
      (importer) =>
        importer !== file &&
        specifiersOf(importer).some((specifier) => specifier.endsWith(`/http/${name}`) || specifier === `./${name}`),
    );
    const folders = new Set(users.map((user) => user.split('/').slice(0, 3).join('/')));
    const [folder] = folders;
    if (
      folders.size === 1 &&
      folder?.startsWith('src/adapters/') === true &&
      !specifiersOf('src/http/index.ts').includes(`./${name}`)
    )
      (parked[folder] ??= []).push(file);
  }
  return parked;
};

const key = (entry: FunctionSpan | NeverCast): string => `${entry.file}: ${entry.name}`;
const { functions, casts } = readFigures(sourceFiles('src'));
const longFunctions = functions.filter((entry) => entry.lines > MAX_FUNCTION_LINES);
const castCounts = new Map<string, number>();
for (const cast of casts) castCounts.set(key(cast), (castCounts.get(key(cast)) ?? 0) + 1);
const inOtherFolders = (file: string): boolean => OTHER_FOLDERS.some((folder) => file.startsWith(folder));

/** A line of the printed table: a name, its lines and its code lines. */
const row = (name: string, files: readonly string[]): string => {
  const { lines, code } = countLines(files);
  return `  ${name.padEnd(28)} ${String(files.length).padStart(4)} files ${String(lines).padStart(6)} lines ${String(code).padStart(6)} code`;
};

describe('the figures of src/ (issue 33)', () => {
  it('prints the long functions, the casts and the lines per SQL dialect and per adapter', () => {
    const sqlFiles = SQL_FOLDERS.flatMap(sourceFiles);
    const dialectOf = (file: string): string | undefined =>
      Object.entries(DIALECTS).find(([, matches]) => matches(file))?.[0];
    const adapters = sourceFiles('src/adapters').reduce<Record<string, string[]>>((folders, file) => {
      const folder = file.split('/').slice(0, 3).join('/');
      (folders[folder] ??= []).push(file);
      return folders;
    }, {});
    const parked = parkedInHttp();
    const report = [
      `functions over ${String(MAX_FUNCTION_LINES)} lines: ${String(longFunctions.length)} (${String(
        longFunctions.filter((entry) => inOtherFolders(entry.file)).length,
      )} in the SQL and HTTP folders); longest:`,
      ...[...longFunctions]
        .sort((a, b) => b.lines - a.lines)
        .slice(0, 5)
        .map((entry) => `  ${String(entry.lines).padStart(4)} ${key(entry)}`),
      `as never casts: ${String(casts.length)} (${String(
        casts.filter((cast) => inOtherFolders(cast.file)).length,
      )} in the SQL and HTTP folders)`,
      `PENDING: ${String(PENDING_LONG_FUNCTIONS.length)} functions, ${String(
        Object.keys(PENDING_NEVER_CASTS).length,
      )} functions with casts`,
      'SQL folders and dialects:',
      ...SQL_FOLDERS.map((folder) => row(`${folder}/`, sourceFiles(folder))),
      row(
        'src/drizzle/sql/ (engine)',
        sqlFiles.filter((file) => file.startsWith('src/drizzle/sql/')),
      ),
      ...Object.keys(DIALECTS).map((dialect) =>
        row(
          dialect,
          sqlFiles.filter((file) => dialectOf(file) === dialect),
        ),
      ),
      row(
        'shared (no dialect)',
        sqlFiles.filter((file) => dialectOf(file) === undefined),
      ),
      'HTTP edge and adapters:',
      row('src/http/', sourceFiles('src/http')),
      ...Object.entries(adapters).map(([folder, files]) => row(`${folder}/`, files)),
      'adapters with the src/http/ files only they use:',
      ...Object.entries(adapters).map(([folder, files]) =>
        row(`${folder}/ + ${String(parked[folder]?.length ?? 0)}`, [...files, ...(parked[folder] ?? [])]),
      ),
      row('src/adapters/ + src/http/', [...sourceFiles('src/adapters'), ...sourceFiles('src/http')]),
      `pagelope/http: ${String(httpNames.length)} names, ${String(
        httpNames.length - PENDING_HTTP_NAMES.length,
      )} counted (at most ${String(MAX_HTTP_NAMES)}), ${String(PENDING_HTTP_NAMES.length)} pending`,
    ];
    console.log(report.join('\n'));
    expect(functions.length).toBeGreaterThan(100);
    expect(countLines(sourceFiles('src/adapters')).code).toBeGreaterThan(0);
  });

  it(`has no function over ${String(MAX_FUNCTION_LINES)} lines in src/ beyond PENDING_LONG_FUNCTIONS`, () => {
    const unlisted = longFunctions.filter((entry) => !PENDING_LONG_FUNCTIONS.includes(key(entry)));
    expect(unlisted.map((entry) => `${key(entry)} (${String(entry.lines)} lines)`)).toEqual([]);
  });

  it('lists in PENDING_LONG_FUNCTIONS only functions still over the limit (the list only shrinks)', () => {
    const long = new Set(longFunctions.map(key));
    expect(PENDING_LONG_FUNCTIONS.filter((entry) => !long.has(entry))).toEqual([]);
    expect(new Set(PENDING_LONG_FUNCTIONS).size).toBe(PENDING_LONG_FUNCTIONS.length);
  });

  it('has no `as never` in src/ beyond PENDING_NEVER_CASTS, and each count there is exact (it only goes down)', () => {
    const found = Object.fromEntries(castCounts);
    expect(found).toEqual(PENDING_NEVER_CASTS);
  });

  it(`keeps each adapter at most ${String(MAX_ADAPTER_CODE_LINES)} code lines beyond PENDING_ADAPTERS`, () => {
    const folders = [...new Set(sourceFiles('src/adapters').map((file) => file.split('/').slice(0, 3).join('/')))];
    expect(folders.length).toBeGreaterThanOrEqual(5);
    const parked = parkedInHttp();
    const over = Object.fromEntries(
      folders
        .map((folder) => [folder, countLines([...sourceFiles(folder), ...(parked[folder] ?? [])]).code] as const)
        .filter(([, code]) => code > MAX_ADAPTER_CODE_LINES),
    );
    expect(over).toEqual(PENDING_ADAPTERS);
  });

  it(`exports at most ${String(MAX_HTTP_NAMES)} names from pagelope/http beyond PENDING_HTTP_NAMES`, () => {
    const counted = httpNames.filter((name) => !PENDING_HTTP_NAMES.includes(name));
    console.log(`pagelope/http: ${String(counted.length)} names counted: ${counted.join(', ')}`);
    expect(httpNames.length).toBeGreaterThan(0);
    expect(counted.length).toBeLessThanOrEqual(MAX_HTTP_NAMES);
    expect(PENDING_HTTP_NAMES.filter((name) => !httpNames.includes(name))).toEqual([]);
  });

  it('exports from pagelope/http no name that exactly one adapter uses (that adapter imports it by path)', () => {
    const single = httpNames.map((name) => [name, adapterUses(name)] as const).filter(([, uses]) => uses.length === 1);
    expect(adapterUses('createEdge').length).toBeGreaterThan(1);
    expect(single.map(([name, [adapter]]) => `${name}: ${String(adapter)}`)).toEqual([]);
  });

  it('finds a long function and a cast where they are (the checks themselves can fail)', () => {
    const sample = readFigures(['tests/fixtures/code-figures/sample.ts']);
    expect(sample.functions.map((entry) => [key(entry), entry.lines])).toEqual([
      ['tests/fixtures/code-figures/sample.ts: outer', 7],
      ['tests/fixtures/code-figures/sample.ts: outer > inner', 3],
      ['tests/fixtures/code-figures/sample.ts: outer > items.map callback', 1],
      ['tests/fixtures/code-figures/sample.ts: Box > open', 3],
    ]);
    expect(sample.casts.map(key)).toEqual([
      'tests/fixtures/code-figures/sample.ts: outer > inner',
      'tests/fixtures/code-figures/sample.ts: (top level)',
    ]);
  });
});
