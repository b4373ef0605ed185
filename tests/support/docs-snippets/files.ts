/** A file the docs tests write from a page's snippet (with what they add to it), to type-check or to run it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One file made from a snippet: what names it in a test, its file name, its source. */
export interface SnippetFile {
  /** The page and the snippet's index there (`docs/adapters/hono.md #2`), and what the file adds, if anything. */
  readonly name: string;
  /** Its file name, in the directory it is written to. */
  readonly file: string;
  readonly source: string;
}

/** A page whose snippets tests/docs/snippet-types.test.ts type-checks, and the files it makes of them. */
export interface TypecheckedPage {
  readonly page: string;
  /** The page's files, as a test of the page runs or imports them (with a harness, a port, an export). */
  readonly files: () => readonly SnippetFile[];
}

/** Writes `files` to `dir` (created if need be) and returns their paths, in order. */
export function writeSnippetFiles(dir: string, files: readonly SnippetFile[]): string[] {
  mkdirSync(dir, { recursive: true });
  return files.map(({ file, source }) => {
    const path = join(dir, file);
    writeFileSync(path, source);
    return path;
  });
}
