/**
 * `npm ci` prints no `EBADENGINE` warning on any Node line the package supports: every package of package-lock.json
 * (the root's own `engines` included) accepts, in `engines.node`, the oldest release of each line that the tools here
 * need and a late release of that line, and in `engines.npm` the npm those lines bring. The check is npm's own
 * (npm-install-checks' `checkEngine`: `semver.satisfies` with prereleases included; no `engines` object, or none for
 * `node` or `npm`, accepts anything).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/**
 * The supported Node lines (the LTS lines 20, 22 and 24, and 26; .ci/run runs the suite on each), each by the oldest
 * release the dev tooling of the lockfile needs (vite and rolldown need 20.19, typeorm 22.13 and 24.11), and a late
 * release standing for every later one of the line.
 */
const NODE_LINES: readonly { readonly line: number; readonly versions: readonly string[] }[] = [
  { line: 20, versions: ['20.19.0', '20.99.0'] },
  { line: 22, versions: ['22.13.0', '22.99.0'] },
  { line: 24, versions: ['24.11.0', '24.99.0'] },
  { line: 26, versions: ['26.0.0', '26.99.0'] },
];
/** The npm of Node 20.19 (the oldest npm any supported line brings) and npm 11 (Node 24's and 26's). */
const NPM_VERSIONS: readonly string[] = ['10.8.2', '11.0.0'];

/** One entry of a lockfile's `packages`, as far as engines go. */
interface LockedPackage {
  readonly version?: string;
  readonly engines?: unknown;
}

/** Whether `version` satisfies the range `engines[key]` as npm decides it (no range: yes). */
function accepts(engines: unknown, key: 'node' | 'npm', version: string): boolean {
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines)) return true;
  const range = (engines as Record<string, unknown>)[key];
  if (!range) return true;
  return typeof range === 'string' && semver.satisfies(version, range, { includePrerelease: true });
}

/** `<path>@<version> needs node|npm <range>, not <version>` for each package refusing one of the versions. */
function refusals(
  packages: Readonly<Record<string, LockedPackage>>,
  node: readonly string[],
  npm: readonly string[],
): string[] {
  const found: string[] = [];
  for (const [path, { version, engines }] of Object.entries(packages)) {
    for (const [key, versions] of [
      ['node', node],
      ['npm', npm],
    ] as const) {
      for (const wanted of versions) {
        if (accepts(engines, key, wanted)) continue;
        const range = JSON.stringify((engines as Record<string, unknown>)[key]);
        found.push(`${path || '(root)'}@${version ?? '?'} needs ${key} ${range}, not ${wanted}`);
      }
    }
  }
  return found;
}

describe('refusals', () => {
  it.each([
    { engines: { node: '>=22' }, node: '20.19.0', refused: true },
    { engines: { node: '>=22' }, node: '22.13.0', refused: false },
    { engines: { node: '^20.19.0 || >=22.12.0' }, node: '20.19.0', refused: false },
    { engines: { node: '^20.19.0 || >=22.12.0' }, node: '20.18.9', refused: true },
    { engines: { node: '^18.18.0 || ^20.9.0 || >=21.1.0' }, node: '26.99.0', refused: false },
    { engines: { node: '^18 || ^20' }, node: '22.13.0', refused: true },
    { engines: { node: '>=20.19.0 <21.0.0 || >=22.12.0' }, node: '20.99.0', refused: false },
    { engines: { node: '<26' }, node: '26.0.0', refused: true },
    { engines: { node: '>= 0.6' }, node: '20.19.0', refused: false },
    { engines: { node: '*' }, node: '26.0.0', refused: false },
    // npm skips an empty range, an array of engines and an absent node key; it refuses a range it cannot read.
    { engines: { node: '' }, node: '20.19.0', refused: false },
    { engines: ['node >=99'], node: '20.19.0', refused: false },
    { engines: { iojs: '>=1.0.0' }, node: '20.19.0', refused: false },
    { engines: null, node: '20.19.0', refused: false },
    { engines: { node: 'banana' }, node: '20.19.0', refused: true },
    { engines: { node: 22 }, node: '22.13.0', refused: true },
    { engines: { node: '>=20 \u0000' }, node: '20.19.0', refused: true },
    { engines: JSON.parse('{"__proto__": {"node": ">=99"}}') as unknown, node: '20.19.0', refused: false },
    { engines: { constructor: '>=99', node: '>=20' }, node: '20.19.0', refused: false },
  ])('finds $engines refusing node $node: $refused', ({ engines, node, refused }) => {
    const found = refusals({ 'node_modules/x': { version: '1.0.0', engines } }, [node], []);
    expect(found).toHaveLength(refused ? 1 : 0);
    if (refused) expect(found[0]).toContain(`node_modules/x@1.0.0 needs node`);
  });

  it.each([
    { engines: { npm: '>=10' }, npm: '10.8.2', refused: false },
    { engines: { npm: '>=11' }, npm: '10.8.2', refused: true },
    { engines: { npm: '1.2.8000 || >= 1.4.16' }, npm: '10.8.2', refused: false },
    { engines: { node: '>=99', npm: '>=10' }, npm: '11.0.0', refused: false },
  ])('finds $engines refusing npm $npm: $refused', ({ engines, npm, refused }) => {
    expect(refusals({ 'node_modules/x': { engines } }, [], [npm])).toHaveLength(refused ? 1 : 0);
  });

  it('names the root package and every package and version it refuses', () => {
    const packages = {
      '': { version: '0.1.0', engines: { node: '>=22' } },
      'node_modules/a/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/ok': { version: '1.0.0', engines: { node: '>=20' } },
    };
    expect(refusals(packages, ['20.19.0', '22.13.0'], [])).toEqual([
      '(root)@0.1.0 needs node ">=22", not 20.19.0',
      'node_modules/a/node_modules/cookie@2.0.2 needs node ">=22", not 20.19.0',
    ]);
  });
});

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    readonly lockfileVersion: number;
    readonly packages: Readonly<Record<string, LockedPackage>>;
  };

  it('lists its packages with their engines (lockfile version 3)', () => {
    expect(lock.lockfileVersion).toBe(3);
    const withEngines = Object.values(lock.packages).filter(({ engines }) => engines !== undefined);
    expect(withEngines.length).toBeGreaterThan(100);
  });

  it.each(NODE_LINES)('holds no package whose engines refuse Node $line', ({ versions }) => {
    expect(refusals(lock.packages, versions, [])).toEqual([]);
  });

  it('holds no package whose engines refuse the npm of a supported line', () => {
    expect(refusals(lock.packages, [], NPM_VERSIONS)).toEqual([]);
  });

  it('declares engines.node accepting every supported line, and no line older than 20', () => {
    const { engines } = lock.packages[''] ?? {};
    for (const { versions } of NODE_LINES)
      for (const version of versions) expect(accepts(engines, 'node', version)).toBe(true);
    expect(accepts(engines, 'node', '18.20.0')).toBe(false);
  });
});
