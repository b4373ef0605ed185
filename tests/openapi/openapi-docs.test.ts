/**
 * Runs each ```ts example of docs/openapi.md with `node --import tsx` (both in one process, each a module of its own:
 * tests/support/snippet-runner.ts) and checks it runs to its end and prints what its comments promise.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSnippetFiles } from '../support/docs-snippets/files';
import { promisedOutputs } from '../support/promised-outputs';
import { snippetRunner } from '../support/snippet-runner';

const ROOT = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(ROOT, 'docs', 'openapi.md'), 'utf8');
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const outDir = join(ROOT, '.tmp', 'docs-openapi');
let output: ReturnType<typeof snippetRunner> | undefined;

describe('docs/openapi.md examples', () => {
  it('has six examples, each promising what it prints', () => {
    expect(blocks).toHaveLength(6);
    for (const code of blocks) expect(promisedOutputs(code).length, code).toBeGreaterThan(0);
  });

  it.each(blocks.map((code, i) => ({ i, code })))(
    'runs example $i and prints what it promises',
    async ({ i, code }) => {
      output ??= snippetRunner(
        writeSnippetFiles(
          outDir,
          blocks.map((block, j) => ({ name: `docs/openapi.md #${j}`, file: `example-${j}.ts`, source: block })),
        ),
      );
      const { stdout, stderr, status } = await output(i);
      expect(status, `docs/openapi.md #${i} ended with status ${status}:\n${stderr}`).toBe(0);
      for (const promise of promisedOutputs(code)) expect(stdout.replace(/\s+/g, ' ')).toContain(promise);
    },
  );
});
