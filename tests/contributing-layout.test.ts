/**
 * Keeps the `## Layout` block of CONTRIBUTING.md true: the `src/` folders it lists are the folders of `src/`, the
 * folders it lists inside them (`query/model/`, `adapters/node/`, ...) are the folders inside them, and every folder
 * or file it names exists.
 * One parser reads the block for every check, so a line removed from it or a folder added to `src/` fails the test.
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

/** The fenced code block of the `## Layout` section of a CONTRIBUTING.md text, as lines. */
function layoutBlock(markdown: string): string[] {
  const start = markdown.indexOf('\n## Layout\n');
  if (start === -1) throw new Error('CONTRIBUTING.md has no "## Layout" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(section);
  if (block === null) throw new Error('the "## Layout" section of CONTRIBUTING.md has no fenced code block');
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

describe('CONTRIBUTING.md', () => {
  const entries = layoutEntries(layoutBlock(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')));
  const folders = entries.map((entry) => entry.path).filter((path) => path.endsWith('/'));
  /** The folders the block lists directly under `folder`. */
  const listedIn = (folder: string): string[] =>
    folders
      .filter((path) => path !== folder && path.startsWith(folder) && !path.slice(folder.length, -1).includes('/'))
      .sort();

  it('reads a Layout block that lists src/, its folders and the other top-level folders', () => {
    expect(folders).toContain('src/');
    expect(folders).toContain('tests/');
    expect(listedIn('src/').length).toBeGreaterThan(10);
  });

  it('lists exactly the folders of src/ in its Layout block', () => {
    const { missing, extra } = difference(listedIn('src/'), foldersOf('src/'));
    expect({ 'in src/ but not in the Layout block': missing, 'in the Layout block but not in src/': extra }).toEqual({
      'in src/ but not in the Layout block': [],
      'in the Layout block but not in src/': [],
    });
  });

  it('lists exactly the folders inside the folders of src/ in its Layout block', () => {
    const listed = listedIn('src/').flatMap(listedIn);
    const { missing, extra } = difference(listed, foldersOf('src/').flatMap(foldersOf));
    expect({ 'in src/ but not in the Layout block': missing, 'in the Layout block but not in src/': extra }).toEqual({
      'in src/ but not in the Layout block': [],
      'in the Layout block but not in src/': [],
    });
  });

  it('names only folders and files that exist in its Layout block', () => {
    const absent = entries
      .filter(({ path }) => {
        const full = join(ROOT, path);
        return !existsSync(full) || statSync(full).isDirectory() !== path.endsWith('/');
      })
      .map(({ path, line }) => `${path} (line ${line} of the block)`);
    expect(absent).toEqual([]);
  });
});
