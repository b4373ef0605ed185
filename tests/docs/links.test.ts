/**
 * Keeps the README short and the docs tree whole: README.md at most 15 KiB, opening with the two commands a new user
 * runs; every relative link of README.md and docs/** pointing to a file that exists, and to a heading of it where a
 * `#anchor` is given; every docs page reachable from the README and listed in the docs index.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, linkTargets, markdownPages, readPage, ROOT } from './pages';

const pages = markdownPages();

/** The file a relative link of `page` points to (relative to the root) and its anchor, if any. */
function resolveLink(page: string, target: string): { file: string; anchor: string | undefined } {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? page : relative(ROOT, normalize(join(ROOT, dirname(page), decodeURI(path))));
  return { file: file.split('\\').join('/'), anchor };
}

describe('README.md', () => {
  const readme = readPage('README.md');

  it('is at most 15 KiB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_360);
  });

  it('opens with the command that starts the demo and the one that runs the tests', () => {
    const opening = readme.split('\n').slice(0, 6).join('\n');
    expect(opening).toContain('npm install && npm run demo');
    expect(opening).toContain('npm install && npm test');
  });

  it('says how to install while the package is not on the registry', () => {
    expect(readme).toContain('npm pack');
    expect(readme).toContain('pagelope-0.1.0.tgz');
  });

  it('never refers to "the spec"', () => {
    expect(readme).not.toMatch(/\bspec\b/i);
  });

  it('links to every docs page', () => {
    const linked = new Set(linkTargets(readme).map((target) => resolveLink('README.md', target).file));
    for (const page of pages.filter((each) => each.startsWith('docs/'))) expect(linked, page).toContain(page);
  });
});

describe('docs/README.md', () => {
  it('lists every other docs page', () => {
    const linked = new Set(linkTargets(readPage('docs/README.md')).map((t) => resolveLink('docs/README.md', t).file));
    for (const page of pages.filter((each) => each.startsWith('docs/') && each !== 'docs/README.md')) {
      expect(linked, page).toContain(page);
    }
  });
});

describe('relative links', () => {
  it.each(pages)('of %s point to existing files and headings', (page) => {
    for (const target of linkTargets(readPage(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const { file, anchor } = resolveLink(page, target);
      expect(existsSync(join(ROOT, file)), `${page}: ${target}`).toBe(true);
      if (anchor === undefined || anchor === '') continue;
      expect(file.endsWith('.md') && statSync(join(ROOT, file)).isFile(), `${page}: ${target} (anchor)`).toBe(true);
      expect([...headingAnchors(readPage(file))], `${page}: ${target}`).toContain(anchor);
    }
  });
});
