import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const FRAMEWORKS = [
  ['express', 'Express'],
  ['fastify', 'Fastify'],
  ['hono', 'Hono'],
  ['nestjs', 'NestJS'],
] as const;

/** The body of a `### title` (or `## title`) section of a markdown text, up to the next heading of that level or above. */
function section(text: string, heading: string): string {
  const level = heading.match(/^#+/)?.[0] ?? '';
  const start = text.indexOf(`${heading}\n`);
  if (start === -1) return '';
  const rest = text.slice(start + heading.length + 1);
  const next = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'));
  return next === -1 ? rest : rest.slice(0, next);
}

/** The first fenced block of the given language in a text. */
function firstBlock(text: string, language: string): string | undefined {
  return new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text)?.[1];
}

describe('README framework sections', () => {
  it.each(FRAMEWORKS)('shows the %s wiring of its docs page, in at most 15 lines', (adapter, title) => {
    const docsFile = join(ROOT, 'docs', 'adapters', `${adapter}.md`);
    expect(existsSync(docsFile), `docs/adapters/${adapter}.md`).toBe(true);
    const docs = readFileSync(docsFile, 'utf8');
    // The docs page's snippet is the one its own test (tests/adapters/<adapter>-docs.test.ts) type-checks and runs.
    const tested = firstBlock(section(docs, '## Wiring one resource, with a rate limiter'), 'ts');
    const shown = firstBlock(section(readme, `### ${title}`), 'typescript');
    expect(tested, 'the docs snippet').toBeDefined();
    expect(shown).toBe(tested);
    expect((shown ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(15);
    expect(section(readme, `### ${title}`)).toContain(`docs/adapters/${adapter}.md`);
  });

  it.each(FRAMEWORKS)('has a docs test that runs the %s snippets', (adapter) => {
    expect(existsSync(join(ROOT, 'tests', 'adapters', `${adapter}-docs.test.ts`))).toBe(true);
  });

  it('keeps framework snippets out of the ```ts blocks that tests/readme.test.ts runs', () => {
    for (const [adapter] of FRAMEWORKS) expect(firstBlock(readme, 'ts') ?? '').not.toContain(`pagelope/${adapter}'`);
    expect(readme).not.toMatch(/```ts\n[^`]*from 'pagelope\/(express|fastify|hono|nestjs)'/);
  });
});
