/**
 * The ```ts snippets of docs/adapters/nestjs.md, each with its `listen(3000)` turned into `listen(0)` and its `app`
 * exported (and its `routes`, if named): tests/adapters/nestjs/docs.test.ts imports them and sends them requests,
 * tests/docs/snippet-types.test.ts type-checks them.
 */
import { docsPage } from '../../adapters/docs-snippets';
import type { SnippetFile, TypecheckedPage } from './files';

export const { snippets, outDir } = docsPage('nestjs');

/** Snippet `i` listening on port 0 and exporting its app (and its `routes`, if named). */
function source(i: number): string {
  const code = (snippets[i] ?? '').replace('app.listen(3000)', "app.listen(0, '127.0.0.1')");
  return `${code}\nexport { app${code.includes('const routes = ') ? ', routes' : ''} };\n`;
}

/** Each snippet listening on port 0 and exporting its app, as `snippet-<i>.ts`. */
export const nestjsDocs: TypecheckedPage = {
  page: 'docs/adapters/nestjs.md',
  files: (): SnippetFile[] =>
    snippets.map((_code, i) => ({
      name: `docs/adapters/nestjs.md #${i} exporting its app`,
      file: `snippet-${i}.ts`,
      source: source(i),
    })),
};
