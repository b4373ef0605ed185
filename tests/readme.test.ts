import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const outDir = join(ROOT, '.tmp', 'readme');

/**
 * What the README promises an example prints: the `// value` comment that ends a `console.log(...)` statement (on its
 * own line, or on the closing `);` of a call the formatter split over several lines), the `//` comment lines right
 * after such a statement (one promise, joined), and any `// prints: value` comment (for output that a callback writes).
 */
function promisedOutputs(code: string): string[] {
  const promises: string[] = [];
  let inLog = false;
  let open: string[] | undefined;
  const flush = (): void => {
    if (open && open.length > 0) promises.push(open.join(' '));
    open = undefined;
  };
  for (const line of code.split('\n')) {
    const comment = /^\s*\/\/ (.*)$/.exec(line);
    if (comment && open) {
      open.push((comment[1] ?? '').trim());
      continue;
    }
    flush();
    const prints = /\/\/ prints: (.+)$/.exec(line);
    if (prints) promises.push((prints[1] ?? '').trim());
    if (line.includes('console.log(')) inLog = true;
    if (!inLog || !/\);( \/\/ .*)?$/.test(line)) continue;
    inLog = false;
    const trailing = /\); \/\/ (.+)$/.exec(line);
    if (trailing && !prints) promises.push((trailing[1] ?? '').trim());
    else if (!trailing) open = [];
  }
  flush();
  return promises;
}

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
