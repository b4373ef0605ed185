/**
 * The framework wiring lives on the adapter pages (docs/adapters/<framework>.md), whose own tests
 * (tests/adapters/<framework>-docs.test.ts) run it; the README and the adapters overview link to each page. This
 * replaces the check that the README's framework sections repeated those snippets: the README no longer has them.
 */
import { describe, expect, it } from 'vitest';
import { fencedBlocks, linkTargets, readPage, tsSnippets } from './pages';

const FRAMEWORKS = ['express', 'fastify', 'hono', 'nestjs'] as const;

/** The body of a `## title` section of a markdown text, up to the next heading of that level or above. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  if (start === -1) return '';
  const rest = text.slice(start + heading.length + 1);
  const next = rest.search(/^#{1,2} /m);
  return next === -1 ? rest : rest.slice(0, next);
}

describe('framework adapter pages', () => {
  it.each(FRAMEWORKS)('docs/adapters/%s.md opens with a short wiring of one resource, run by its docs test', (name) => {
    const page = readPage(`docs/adapters/${name}.md`);
    const wiring = tsSnippets(section(page, '## Wiring one resource, with a rate limiter'))[0];
    expect(wiring, 'the wiring snippet').toBeDefined();
    expect(wiring).toContain(`from 'pagelope/${name}'`);
    expect((wiring ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(15);
  });

  it.each(FRAMEWORKS)('the README and the adapters overview link to docs/adapters/%s.md', (name) => {
    expect(linkTargets(readPage('README.md'))).toContain(`docs/adapters/${name}.md`);
    expect(linkTargets(readPage('docs/adapters/README.md'))).toContain(`${name}.md`);
  });

  it('keeps framework wiring out of the README, whose ```ts blocks tests/docs/snippets.test.ts runs', () => {
    for (const block of fencedBlocks(readPage('README.md'))) {
      expect(block.code).not.toMatch(/from 'pagelope\/(express|fastify|hono|nestjs)'/);
    }
  });
});
