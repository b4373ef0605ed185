/**
 * Issue 33's figure for the examples: each `examples/<framework>/app.ts` at most {@link MAX_CODE_LINES} code lines
 * (neither blank nor only a comment, as tests/support/code-figures.ts counts them), printed per framework. What a
 * deployment adds (a shared limit in Redis, the balancer's forwarded address, a log line per response) lives in
 * examples/deployment/, which the cluster soak runs.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countLines, ROOT } from './support/code-figures';

/** The most code lines an example's `app.ts` may have. */
const MAX_CODE_LINES = 30;

/** Each folder of examples/ that holds an `app.ts`, with that file's lines and code lines. */
const apps = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'examples', entry.name, 'app.ts')))
  .map((entry) => ({ framework: entry.name, ...countLines([`examples/${entry.name}/app.ts`]) }))
  .sort((a, b) => a.framework.localeCompare(b.framework));

describe('the examples (issue 33)', () => {
  it('finds an app.ts for each framework', () => {
    expect(apps.map((app) => app.framework)).toStrictEqual(['express', 'fastify', 'hono', 'nestjs']);
  });

  it(`keeps each examples/<framework>/app.ts at ${String(MAX_CODE_LINES)} code lines or fewer`, () => {
    console.log(
      [
        `examples/<framework>/app.ts, at most ${String(MAX_CODE_LINES)} code lines each:`,
        ...apps.map(
          ({ framework, lines, code }) =>
            `  ${framework.padEnd(8)} ${String(lines).padStart(4)} lines ${String(code).padStart(4)} code`,
        ),
      ].join('\n'),
    );
    expect(
      apps.filter((app) => app.code > MAX_CODE_LINES).map((app) => `${app.framework}: ${String(app.code)}`),
    ).toEqual([]);
  });
});
