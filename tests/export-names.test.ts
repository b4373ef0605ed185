import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every name each entry exports, types included (what `Object.keys(await import(entry))` cannot see), read by the
 * TypeScript compiler from the entry's source: one snapshot per entry in __snapshots__/export-names.test.ts.snap, so
 * a name moved between entries or added to one is visible in review.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const tsconfig = JSON.parse(readFileSync(`${root}tsconfig.json`, 'utf8')) as {
  compilerOptions: { paths: Record<string, [string]> };
};
const entries = Object.entries(tsconfig.compilerOptions.paths).map(([entry, [file]]) => ({
  entry,
  file: `${root}${file.replace(/^\.\//, '')}`,
}));

const program = ts.createProgram(
  entries.map(({ file }) => file),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    experimentalDecorators: true,
    baseUrl: root,
    paths: tsconfig.compilerOptions.paths,
    types: ['node'],
  },
);
const checker = program.getTypeChecker();

/** The entry's exported names, each marked `value` or `type` (a name that is both, like a class, is a value). */
function exportsOf(file: string): { readonly values: string[]; readonly types: string[] } {
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`no source file ${file}`);
  const module = checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${file} is not a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

describe('the entries of package.json "exports"', () => {
  it.each(entries)('$entry exports exactly the values and types of its snapshot', ({ file }) => {
    expect(exportsOf(file)).toMatchSnapshot();
  });

  it('keeps the root entry for application authors to about 80 names', () => {
    const { values, types } = exportsOf(entries.find(({ entry }) => entry === 'pagelope')!.file);
    expect(values.length + types.length).toBeLessThanOrEqual(80);
  });

  it('gives each name one meaning: a name the root and pagelope/http both export is the same declaration', () => {
    const declarationOf = (file: string, name: string) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
      const symbol = checker.getExportsOfModule(module).find((each) => each.name === name)!;
      const declaration = (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
        .declarations?.[0];
      return declaration && `${declaration.getSourceFile().fileName.slice(root.length)}:${declaration.pos}`;
    };
    const fileOf = (entry: string) => entries.find((each) => each.entry === entry)!.file;
    const shared = (a: string, b: string) => {
      const left = exportsOf(fileOf(a));
      const right = new Set([...exportsOf(fileOf(b)).values, ...exportsOf(fileOf(b)).types]);
      return [...left.values, ...left.types].filter((name) => right.has(name));
    };
    for (const [a, b] of [
      ['pagelope', 'pagelope/http'],
      ['pagelope', 'pagelope/kit'],
      ['pagelope', 'pagelope/client'],
      ['pagelope/http', 'pagelope/kit'],
    ] as const) {
      for (const name of shared(a, b))
        expect(declarationOf(fileOf(a), name), `${a} and ${b}: ${name}`).toBe(declarationOf(fileOf(b), name));
    }
  });
});
