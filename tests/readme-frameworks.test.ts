import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
// PAGELOPE_README points the test at another copy of the README (to try a section before it is merged).
const readme = readFileSync(process.env['PAGELOPE_README'] ?? join(ROOT, 'README.md'), 'utf8');
const FRAMEWORKS = ['express', 'fastify', 'hono', 'nestjs'] as const;

/** The README's file listings: ```typescript blocks whose first line is `// examples/<path>.ts`. */
const listings = [...readme.matchAll(/```typescript\n\/\/ (examples\/[\w./-]+\.ts)\n([\s\S]*?)```/g)].map((match) => ({
  path: match[1] ?? '',
  code: match[2] ?? '',
}));

describe('README framework listings', () => {
  it.each(FRAMEWORKS)('shows examples/%s/app.ts', (framework) => {
    expect(listings.map((listing) => listing.path)).toContain(`examples/${framework}/app.ts`);
  });

  it.each(listings.map(({ path, code }) => [path, code]))(
    'shows %s exactly as it is in the repository',
    (path, code) => {
      const file = join(ROOT, path);
      expect(existsSync(file), `${path} does not exist`).toBe(true);
      expect(code).toBe(readFileSync(file, 'utf8'));
    },
  );

  it('keeps file listings out of the ```ts blocks that tests/readme.test.ts runs', () => {
    expect(readme).not.toMatch(/```ts\n\/\/ examples\//);
  });
});
