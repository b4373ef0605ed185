/**
 * tests/projects.ts, which vitest.config.ts and scripts/test.mjs read: every file or folder it names exists, so that
 * a renamed test file cannot drop silently out of the project that should run it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DATE_FILES,
  DIST_FILES,
  DIST_ONLY_FILES,
  EXTENDED_FILES,
  SERVER_FILES,
  SLOW_FIRST,
  SMOKE_FILES,
  SMOKE_PGLITE_FILES,
  SMOKE_ONLY_FILES,
  UNIT_FILES,
  UNIT_FOLDERS,
} from './projects';

const ROOT = join(import.meta.dirname, '..');
/** Every file under tests/, as a path from the repository's root. */
const FILES = readdirSync(join(ROOT, 'tests'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
/** The files a vitest glob of tests/projects.ts matches (`**` any folders, `*` within one name). */
const matches = (pattern: string): string[] => {
  const source = pattern
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`);
  return FILES.filter((file) => regex.test(file));
};

describe('tests/projects.ts', () => {
  it.each(UNIT_FOLDERS)('names the unit folder tests/%s, which holds test files', (folder) => {
    expect(matches(`tests/${folder}/**/*.test.ts`).length).toBeGreaterThan(0);
  });

  it.each([
    ...EXTENDED_FILES,
    ...SMOKE_FILES,
    ...SMOKE_PGLITE_FILES,
    ...SMOKE_ONLY_FILES,
    ...DIST_FILES,
    ...DIST_ONLY_FILES,
    ...SERVER_FILES,
    ...DATE_FILES,
    ...SLOW_FIRST,
    ...UNIT_FILES,
  ])('matches at least one test file with %s', (pattern) => {
    expect(matches(pattern).filter((file) => file.endsWith('.test.ts')).length).toBeGreaterThan(0);
  });

  it('puts every test file of tests/smoke/ in the smoke or the smoke-pglite project (src leaves that folder out)', () => {
    const listed = [...SMOKE_FILES, ...SMOKE_PGLITE_FILES].flatMap(matches);
    expect(matches('tests/smoke/*.test.ts').filter((file) => !listed.includes(file))).toEqual([]);
  });

  it('runs every file npm test leaves to the dist project there: each matches a pattern of DIST_FILES', () => {
    const dist = DIST_FILES.flatMap(matches);
    expect(DIST_ONLY_FILES.flatMap(matches).filter((file) => !dist.includes(file))).toEqual([]);
  });

  it('finds no file for a pattern that matches none (the check itself can fail)', () => {
    expect(matches('tests/no-such-folder/**/*.test.ts')).toEqual([]);
    expect(existsSync(join(ROOT, 'tests', 'projects.ts'))).toBe(true);
  });
});
