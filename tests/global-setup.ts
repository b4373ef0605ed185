/**
 * With PAGELOPE_DTS_BESIDE=1 (set by `npm test`, scripts/test.mjs): builds the package's declarations
 * (`PAGELOPE_BUILD=dts`) while the tests run, writes how it ended to {@link DTS_STATUS_FILE} for the tests that read
 * them (tests/support/declarations-built.ts), and fails the run at teardown if the build failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** Where the status of the background declaration build goes: `ok`, or `failed` and what tsup printed. */
export const DTS_STATUS_FILE = join(ROOT, '.tmp', 'dts-build-status');

export default function setup(): (() => Promise<void>) | undefined {
  if (process.env['PAGELOPE_DTS_BESIDE'] !== '1') return undefined;
  rmSync(DTS_STATUS_FILE, { force: true });
  mkdirSync(dirname(DTS_STATUS_FILE), { recursive: true });
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js')], {
    cwd: ROOT,
    env: { ...process.env, PAGELOPE_BUILD: 'dts' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<number>((resolve) => {
    child.on('close', (code) => {
      writeFileSync(DTS_STATUS_FILE, code === 0 ? 'ok' : `failed\n${output}`);
      resolve(code ?? 1);
    });
  });
  return async () => {
    if ((await done) !== 0) throw new Error(`the declaration build (PAGELOPE_BUILD=dts tsup) failed:\n${output}`);
  };
}
