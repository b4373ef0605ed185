import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

/**
 * Every non-relative specifier that a built file and the files it loads relatively load, transitively, with the files
 * read. In a declaration file a relative import names the chunk's JavaScript file; its types are followed in the
 * `.d.ts` (`.d.cts`) beside it.
 */
export function reachableImports(entry: string): { specifiers: Set<string>; files: string[] } {
  const files: string[] = [];
  const specifiers = new Set<string>();
  const visit = (file: string): void => {
    if (files.includes(file)) return;
    files.push(file);
    const declaration = file.endsWith('.d.ts') || file.endsWith('.d.cts');
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? '';
      const target = declaration ? specifier.replace(/\.js$/, '.d.ts').replace(/\.cjs$/, '.d.cts') : specifier;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), target));
      else specifiers.add(specifier);
    }
  };
  visit(entry);
  return { specifiers, files };
}
