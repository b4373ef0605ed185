import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DTS_STATUS_FILE } from '../global-setup';

/**
 * Resolves once dist/ holds the declarations: at once after `npm run build`; under `npm test`, which builds them
 * beside the tests (tests/global-setup.ts), when that build has ended.
 *
 * @throws Error when that build failed, or has not ended within `timeoutMs`.
 */
export async function declarationsBuilt(timeoutMs = 180_000): Promise<void> {
  if (process.env['PAGELOPE_DTS_BESIDE'] !== '1') return;
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(DTS_STATUS_FILE)) {
    if (Date.now() > deadline) throw new Error(`the declaration build did not end within ${timeoutMs} ms`);
    await sleep(200);
  }
  const status = readFileSync(DTS_STATUS_FILE, 'utf8');
  if (status !== 'ok') throw new Error(`the declaration build failed: ${status}`);
}
