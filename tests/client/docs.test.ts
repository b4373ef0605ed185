/**
 * Runs each ```ts snippet of docs/client.md (tests/docs/snippet-types.test.ts type-checks them): each is imported with `console.log` recorded, against the Express demo (1000 seeded users, as `npm run demo` serves) where
 * the page says `http://127.0.0.1:3000`; every `// → text` comment must be what the `console.log` before it printed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../examples/express/listen';
import type { RunningServer } from '../../examples/shared/listen-options';
import { printedBy } from '../support/printed-by';
import { arrowPromises } from '../support/promised-outputs';

const ROOT = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(ROOT, 'docs', 'client.md'), 'utf8');
const snippets = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const outDir = join(ROOT, '.tmp', 'docs-client');
const DEMO_URL = 'http://127.0.0.1:3000';

describe('docs/client.md', () => {
  let server: RunningServer;
  beforeAll(async () => {
    mkdirSync(outDir, { recursive: true });
    server = await listen({ seedRecords: 1000, rateLimitMax: 100_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has snippets that promise output', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    expect(snippets.flatMap(arrowPromises).length).toBeGreaterThanOrEqual(8);
  });

  it.each(snippets.map((snippet, i) => [i, snippet] as const))(
    'prints what snippet %i promises',
    async (i, snippet) => {
      const file = join(outDir, `run-${i}.ts`);
      writeFileSync(file, `${snippet.replaceAll(DEMO_URL, server.url)}\nexport {};\n`);
      expect(await printedBy(file)).toEqual(arrowPromises(snippet));
    },
  );
});
