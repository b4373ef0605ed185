/**
 * docs/testing.md shows one vitest file that runs the contract; it cannot run under node like the other pages'
 * snippets, so it is checked in as tests/testing/docs-example.test.ts, which the suite runs. This test keeps the two
 * identical.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage, ROOT, tsSnippets } from '../docs/pages';

describe('docs/testing.md', () => {
  const snippets = tsSnippets(readPage('docs/testing.md'));

  it('holds one ```ts snippet, identical to tests/testing/docs-example.test.ts', () => {
    expect(snippets).toHaveLength(1);
    expect(snippets[0]).toBe(readFileSync(join(ROOT, 'tests', 'testing', 'docs-example.test.ts'), 'utf8'));
  });

  it('names every option of repositoryContract', () => {
    const page = readPage('docs/testing.md');
    for (const option of ['numRuns', 'readsAbsentNullableAsNull', 'seed', 'sibling'])
      expect(page).toContain(`\`${option}\``);
  });
});
