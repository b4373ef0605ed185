/**
 * Keeps the `## Layout` block of CONTRIBUTING.md true: the `src/` folders it lists are the folders of `src/`, the
 * folders it lists inside them (`query/model/`, `adapters/node/`, ...) are the folders inside them, and every folder
 * or file it names exists. Keeps the `### Module boundaries` block of docs/internals.md true the same way, for the
 * folders of `src/` (it names the rooms inside them in its descriptions).
 * One parser reads each block for every check, so a line removed from it or a folder added to `src/` fails the test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** One name of the Layout block's name column, with the path it stands for (`src/query/model/`, `src/index.ts`). */
interface LayoutEntry {
  readonly path: string;
  readonly line: number;
}

/** The first fenced code block of the section `heading` (`## Layout`) of the markdown file `file`, as lines. */
function layoutBlock(file: string, heading: string): string[] {
  const markdown = readFileSync(join(ROOT, file), 'utf8');
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`${file} has no "${heading}" section`);
  const next = /\n#{1,6} /.exec(markdown.slice(start + heading.length + 2));
  const section = markdown.slice(start, next === null ? undefined : start + heading.length + 2 + next.index);
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(section);
  if (block === null) throw new Error(`the "${heading}" section of ${file} has no fenced code block`);
  return (block[1] ?? '').split('\n').filter((line) => line.trim() !== '');
}

/**
 * The entries of a Layout block: a line whose first word starts before the description column (where the first
 * line's description starts) names a folder (`name/`) or a file, nested under the nearest line above it that is
 * indented less; a line indented to the description column continues the description above it.
 */
function layoutEntries(lines: readonly string[]): LayoutEntry[] {
  const first = /^(\S+)(\s+)/.exec(lines[0] ?? '');
  if (first === null) throw new Error('the Layout block does not open with a name and its description');
  const descriptionColumn = (first[1] ?? '').length + (first[2] ?? '').length;
  const entries: LayoutEntry[] = [];
  const parents: { indent: number; path: string }[] = [];
  lines.forEach((text, index) => {
    const match = /^( *)(\S+)/.exec(text);
    const indent = match?.[1]?.length ?? descriptionColumn;
    if (match === null || indent >= descriptionColumn) return;
    while (parents.length > 0 && parents[parents.length - 1]!.indent >= indent) parents.pop();
    const parent = parents[parents.length - 1]?.path ?? '';
    const path = `${parent}${match[2] ?? ''}`;
    entries.push({ path, line: index + 1 });
    if (path.endsWith('/')) parents.push({ indent, path });
  });
  return entries;
}

/** The folders directly inside `folder` (relative to the repository root, with a trailing slash), sorted. */
function foldersOf(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}${entry.name}/`)
    .sort();
}

/** What `listed` lacks of `actual` and what it has beyond it, each sorted. */
function difference(listed: readonly string[], actual: readonly string[]): { missing: string[]; extra: string[] } {
  return {
    missing: actual.filter((path) => !listed.includes(path)).sort(),
    extra: listed.filter((path) => !actual.includes(path)).sort(),
  };
}

/** The paths of `entries` that do not exist, or are a file where the block names a folder (or the reverse). */
function absentOf(entries: readonly LayoutEntry[]): string[] {
  return entries
    .filter(({ path }) => {
      const full = join(ROOT, path);
      return !existsSync(full) || statSync(full).isDirectory() !== path.endsWith('/');
    })
    .map(({ path, line }) => `${path} (line ${line} of the block)`);
}

/** The folders of `entries` directly under `folder`, sorted. */
function listedIn(entries: readonly LayoutEntry[], folder: string): string[] {
  return entries
    .map((entry) => entry.path)
    .filter((path) => path.endsWith('/') && path !== folder && path.startsWith(folder))
    .filter((path) => !path.slice(folder.length, -1).includes('/'))
    .sort();
}

describe('CONTRIBUTING.md', () => {
  const entries = layoutEntries(layoutBlock('CONTRIBUTING.md', '## Layout'));
  const folders = entries.map((entry) => entry.path).filter((path) => path.endsWith('/'));
  /** The folders the block lists directly under `folder`. */
  const listedHere = (folder: string): string[] => listedIn(entries, folder);

  it('reads a Layout block that lists src/, its folders and the other top-level folders', () => {
    expect(folders).toContain('src/');
    expect(folders).toContain('tests/');
    expect(listedHere('src/').length).toBeGreaterThan(10);
  });

  it('lists exactly the folders of src/ in its Layout block', () => {
    const { missing, extra } = difference(listedHere('src/'), foldersOf('src/'));
    expect({ 'in src/ but not in the Layout block': missing, 'in the Layout block but not in src/': extra }).toEqual({
      'in src/ but not in the Layout block': [],
      'in the Layout block but not in src/': [],
    });
  });

  it('lists exactly the folders inside the folders of src/ in its Layout block', () => {
    const listed = listedHere('src/').flatMap(listedHere);
    const { missing, extra } = difference(listed, foldersOf('src/').flatMap(foldersOf));
    expect({ 'in src/ but not in the Layout block': missing, 'in the Layout block but not in src/': extra }).toEqual({
      'in src/ but not in the Layout block': [],
      'in the Layout block but not in src/': [],
    });
  });

  it('names only folders and files that exist in its Layout block', () => {
    expect(absentOf(entries)).toEqual([]);
  });
});

describe('docs/internals.md', () => {
  const entries = layoutEntries(layoutBlock('docs/internals.md', '### Module boundaries'));

  it('reads a Module boundaries block that lists src/ and tests/', () => {
    expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['src/', 'tests/', 'src/index.ts']));
  });

  it('lists exactly the folders of src/ in its Module boundaries block', () => {
    const { missing, extra } = difference(listedIn(entries, 'src/'), foldersOf('src/'));
    expect({ 'in src/ but not in the block': missing, 'in the block but not in src/': extra }).toEqual({
      'in src/ but not in the block': [],
      'in the block but not in src/': [],
    });
  });

  it('names only folders and files that exist in its Module boundaries block', () => {
    expect(absentOf(entries)).toEqual([]);
  });
});
