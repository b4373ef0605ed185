/** Runs each ```ts example of docs/openapi.md and checks it prints what its comments promise. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promisedOutputs } from '../support/promised-outputs';

const ROOT = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(ROOT, 'docs', 'openapi.md'), 'utf8');
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const outDir = join(ROOT, '.tmp', 'docs-openapi');

describe('docs/openapi.md examples', () => {
  it('has two examples, each promising what it prints', () => {
    expect(blocks).toHaveLength(2);
    for (const code of blocks) expect(promisedOutputs(code).length, code).toBeGreaterThan(0);
  });

  it.each(blocks.map((code, i) => ({ i, code })))('runs example $i and prints what it promises', ({ i, code }) => {
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `example-${i}.ts`);
    writeFileSync(file, code);
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
    for (const promise of promisedOutputs(code)) expect(output.replace(/\s+/g, ' ')).toContain(promise);
  });
});
