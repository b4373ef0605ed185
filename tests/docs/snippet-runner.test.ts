/**
 * The snippet runner's answer to an engine crash (tests/support/snippet-runner.ts): a file whose process V8 aborts
 * runs once more in a new process, and a file that crashes it twice reports the crash.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { snippetRunner } from '../support/snippet-runner';
import { ROOT } from './pages';

const DIR = join(ROOT, '.tmp', 'snippet-runner-crashes');
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Writes a snippet file and gives its path. */
function file(name: string, source: string): string {
  const path = join(DIR, name);
  writeFileSync(path, source);
  return path;
}

const crashedOnce = join(DIR, 'crashed-once');
const files = [
  file('before.ts', "console.log('before');\n"),
  // Aborts its process the first time, as V8's failed CHECK does (SIGTRAP), and runs to its end the second time.
  file(
    'crashes-once.ts',
    [
      "import { existsSync, writeFileSync } from 'node:fs';",
      `const marker = ${JSON.stringify(crashedOnce)};`,
      "if (!existsSync(marker)) { writeFileSync(marker, ''); console.log('first run'); process.kill(process.pid, 'SIGTRAP'); }",
      "else console.log('second run');",
    ].join('\n'),
  ),
  file('after.ts', "console.log('after');\n"),
  file('crashes-always.ts', "console.log('always'); process.kill(process.pid, 'SIGSEGV');\n"),
  file('last.ts', "console.log('last');\n"),
  file('exits.ts', 'process.exit(3);\n'),
];

describe('snippet runner after an engine crash', () => {
  const warnings: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).startsWith('snippet runner:')) warnings.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stderr.write;
  afterAll(() => {
    process.stderr.write = write;
  });
  const output = snippetRunner(files, { timeoutMs: 20_000 });

  it('runs a file that crashed the engine once again, in a new process, and says so', async () => {
    expect(await output(0)).toMatchObject({ status: 0, stdout: expect.stringContaining('before') });
    const second = await output(1);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('second run');
    expect(second.stdout).not.toContain('first run');
    expect(existsSync(crashedOnce)).toBe(true);
    expect(await output(2)).toMatchObject({ status: 0, stdout: expect.stringContaining('after') });
    expect(warnings.filter((line) => line.includes('crashes-once.ts') && line.includes('SIGTRAP'))).toHaveLength(1);
  });

  it('reports a second crash of the same file, and runs the files after it', async () => {
    const crashed = await output(3);
    expect(crashed.status).toBeNull();
    expect(crashed.stderr).toContain('(killed by SIGSEGV)');
    expect(warnings.filter((line) => line.includes('crashes-always.ts'))).toHaveLength(1);
    expect(await output(4)).toMatchObject({ status: 0, stdout: expect.stringContaining('last') });
  });

  it('does not run again a file that exits with a status of its own', async () => {
    expect((await output(5)).status).toBe(3);
    expect(warnings.filter((line) => line.includes('exits.ts'))).toHaveLength(0);
  });
});
