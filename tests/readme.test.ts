import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promisedOutputs } from './support/promised-outputs';

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const outDir = join(ROOT, '.tmp', 'readme');

describe('README examples', () => {
  it('has runnable examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  it('promises an output in every example that prints', () => {
    for (const code of blocks) {
      if (code.includes('console.log(')) expect(promisedOutputs(code).length, code).toBeGreaterThan(0);
    }
  });

  it.each(blocks.map((code, i) => ({ i, code })))('runs example $i and prints what it promises', ({ i, code }) => {
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `example-${i}.ts`);
    writeFileSync(file, code);
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
    for (const promise of promisedOutputs(code)) {
      if (promise.endsWith('...')) expect(output).toContain(promise.slice(0, -3).trim());
      else expect(output.replace(/\s+/g, ' ')).toContain(promise.replace(/\s+/g, ' '));
    }
  });
});
