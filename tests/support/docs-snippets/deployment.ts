/**
 * The ```ts snippets of docs/deployment.md: the first is the `./redis` module the others import, then one recipe per
 * framework. Each recipe becomes an instance file with its Redis URL, key prefix and limit set by the test, listening
 * on port 0 and exporting its server and Redis client: tests/deployment/ imports two of them per test,
 * tests/docs/snippet-types.test.ts type-checks them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SnippetFile, TypecheckedPage } from './files';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const PAGE = 'docs/deployment.md';

/** The ```ts snippets of docs/deployment.md, in order. */
export const snippets: readonly string[] = [
  ...readFileSync(join(ROOT, PAGE), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g),
].map((match) => match[1] ?? '');

/** The frameworks of the recipes, in the page's order (after the `./redis` module). */
export const FRAMEWORKS = ['express', 'fastify', 'hono', 'nestjs'] as const;
/** One of {@link FRAMEWORKS}. */
export type Framework = (typeof FRAMEWORKS)[number];

/** How each recipe listens on port 3000, and on port 0 of 127.0.0.1 instead; the names it exports. */
const WIRING: Readonly<Record<Framework, { listen: string; onPortZero: string; exports: string }>> = {
  express: { listen: 'app.listen(3000)', onPortZero: "app.listen(0, '127.0.0.1')", exports: 'server, redis' },
  fastify: {
    listen: 'app.listen({ port: 3000 })',
    onPortZero: "app.listen({ port: 0, host: '127.0.0.1' })",
    exports: 'app, redis',
  },
  hono: { listen: 'port: 3000 }', onPortZero: "port: 0, hostname: '127.0.0.1' }", exports: 'server, redis' },
  nestjs: { listen: 'app.listen(3000)', onPortZero: "app.listen(0, '127.0.0.1')", exports: 'app, redis' },
};

/** What a test sets in a recipe: the Redis it connects to, the prefix of its keys, its limit per window. */
export interface InstanceSettings {
  readonly redisUrl?: string;
  readonly prefix?: string;
  readonly limit?: number;
  /**
   * The Redis client's `commandTimeout` in ms instead of the page's (the `./redis` module written as
   * `./redis-<ms>`, {@link redisModuleWith}): a test checking exact counts on a busy machine gives it room.
   */
  readonly commandTimeout?: number;
  /** Changed to fail closed, as the page's "Failing closed instead" says. */
  readonly failClosed?: boolean;
}

/** The label of each framework's line in the page's "Failing closed instead". */
const LABELS: Readonly<Record<Framework, string>> = {
  express: 'Express',
  fastify: 'Fastify',
  hono: 'Hono',
  nestjs: 'NestJS',
};

/**
 * The changes "Failing closed instead" gives for `framework`: each pair of inline code spans of its line, what to
 * replace and by what.
 */
export function failClosedChanges(framework: Framework): Array<readonly [string, string]> {
  const page = readFileSync(join(ROOT, PAGE), 'utf8');
  const section = page.slice(page.indexOf('## Failing closed instead'));
  const line = new RegExp(`^- ${LABELS[framework]}: ([\\s\\S]*?)(?=^- |^$)`, 'm').exec(section)?.[1] ?? '';
  const spans = [...line.replace(/\n\s*/g, ' ').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  if (spans.length === 0 || spans.length % 2 !== 0)
    throw new Error(`${PAGE}: no changes to fail closed for ${framework}`);
  return spans.flatMap((span, i) => (i % 2 === 0 ? [[span, spans[i + 1] ?? ''] as const] : []));
}

/** Replaces the one or more occurrences of `text` in `code`, or throws when there is none. */
function replaceIn(code: string, text: string, by: string, framework: string): string {
  if (!code.includes(text)) throw new Error(`${PAGE}: the ${framework} recipe has no ${text}`);
  return code.replaceAll(text, by);
}

/** The recipe of `framework` with `settings` applied, listening on port 0 and exporting its server and client. */
export function instanceSource(framework: Framework, settings: InstanceSettings = {}): string {
  let code = snippets[FRAMEWORKS.indexOf(framework) + 1] ?? '';
  const wiring = WIRING[framework];
  code = replaceIn(code, wiring.listen, wiring.onPortZero, framework);
  if (settings.redisUrl !== undefined)
    code = replaceIn(code, 'connectRedis()', `connectRedis(${JSON.stringify(settings.redisUrl)})`, framework);
  if (settings.prefix !== undefined) code = replaceIn(code, 'rl:', settings.prefix, framework);
  if (settings.limit !== undefined)
    code = replaceIn(
      code,
      framework === 'fastify' ? 'max: 100' : 'limit: 100',
      `${framework === 'fastify' ? 'max' : 'limit'}: ${settings.limit}`,
      framework,
    );
  if (settings.failClosed === true) {
    code = replaceIn(code, 'import { connectRedis', 'import { connectRedis, rateLimitUnavailable', framework);
    for (const [text, by] of failClosedChanges(framework)) code = replaceIn(code, text, by, framework);
  }
  if (settings.commandTimeout !== undefined)
    code = replaceIn(code, "from './redis.js';", `from './redis-${settings.commandTimeout}.js';`, framework);
  return `${code}\nexport { ${wiring.exports} };\n`;
}

/** The `./redis` module every recipe imports. */
export const redisModule: SnippetFile = { name: `${PAGE} #0 (./redis)`, file: 'redis.ts', source: snippets[0] ?? '' };

/** The `./redis` module with its `commandTimeout` set to `ms`, as `redis-<ms>.ts`. */
export function redisModuleWith(ms: number): SnippetFile {
  const source = redisModule.source.replace(/COMMAND_TIMEOUT_MS = \d[\d_]*/, `COMMAND_TIMEOUT_MS = ${ms}`);
  if (source === redisModule.source) throw new Error(`${PAGE}: the ./redis module sets no commandTimeout`);
  return { name: `${redisModule.name} with commandTimeout ${ms}`, file: `redis-${ms}.ts`, source };
}

/** The `./redis` module and each recipe as an instance file, as the tests import them. */
export const deploymentDocs: TypecheckedPage = {
  page: PAGE,
  files: (): SnippetFile[] => [
    redisModule,
    ...FRAMEWORKS.flatMap((framework, i) => [
      {
        name: `${PAGE} #${i + 1} (${framework}) as an instance`,
        file: `snippet-${i + 1}.ts`,
        source: instanceSource(framework),
      },
      {
        name: `${PAGE} #${i + 1} (${framework}) failing closed`,
        file: `snippet-${i + 1}-failing-closed.ts`,
        source: instanceSource(framework, { failClosed: true }),
      },
    ]),
  ],
};
