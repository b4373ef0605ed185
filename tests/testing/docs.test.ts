/**
 * docs/testing.md shows four vitest files: the contract in full and in short mode and a part of it, and the leak
 * oracle; they cannot run under node like the other pages' snippets, so they are checked in as
 * tests/testing/docs-example.test.ts, docs-example-short.test.ts, docs-example-blocks.test.ts and
 * docs-example-leaks.test.ts, which the suite runs. This test keeps each identical to
 * its snippet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage, ROOT, tsSnippets } from '../docs/pages';

describe('docs/testing.md', () => {
  const snippets = tsSnippets(readPage('docs/testing.md'));

  it.each([
    { index: 0, file: 'docs-example.test.ts' },
    { index: 1, file: 'docs-example-short.test.ts' },
    { index: 2, file: 'docs-example-blocks.test.ts' },
    { index: 3, file: 'docs-example-leaks.test.ts' },
  ])('holds tests/testing/$file as its ```ts snippet number $index, unchanged', ({ index, file }) => {
    expect(snippets).toHaveLength(4);
    expect(snippets[index]).toBe(readFileSync(join(ROOT, 'tests', 'testing', file), 'utf8'));
  });

  it('names every option of repositoryContract', () => {
    const page = readPage('docs/testing.md');
    for (const option of ['numRuns', 'mode', 'readsAbsentNullableAsNull', 'seed', 'sibling', 'relations', 'blocks'])
      expect(page).toContain(`\`${option}\``);
  });
});
