// The test commands (README and CONTRIBUTING say what each runs and how long it takes):
//   npm test                  builds the JavaScript, then the unit, src and smoke projects (no server needed)
//   npm run test:unit         the unit project alone (seconds; no build)
//   npm run test:smoke        the smoke and smoke-pglite projects on the built package (CI: Node 20, 22, 26)
//   npm run test:extended     the build, then what npm test leaves out: the extended, dist and servers projects with
//                             every server this machine has (scripts/services.mjs), and the quick benchmark
//   npm run test:all          npm test, then npm run test:extended
//   npm run test:dates        the date tests (tests/projects.ts DATE_FILES) on every store this machine has; CI runs
//                             it in UTC beside the whole suite in Asia/Kolkata
// Arguments after `--` go to vitest. PAGELOPE_SKIP_BUILD=1 skips the build where the caller (.ci/run) has built.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findServices } from './services.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args, env = {}) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const vitest = (args, env) => run(['node_modules/vitest/vitest.mjs', 'run', ...args], env);

/**
 * Builds `js` (npm test, the smoke), `dts` (the declarations beside a JavaScript build just made, without cleaning
 * dist/) or `all`.
 */
function build(what) {
  if (process.env['PAGELOPE_SKIP_BUILD'] === '1') return 0;
  return run(['node_modules/tsup/dist/cli-default.js'], what === 'all' ? {} : { PAGELOPE_BUILD: what });
}

// `--unit`, `--smoke`, `--extended`, `--all` or `--dates` first chooses the mode (package.json's test:* scripts);
// every other argument goes to vitest (`npm test -- tests/query`).
const MODES = ['unit', 'smoke', 'extended', 'all', 'dates'];
const first = process.argv[2]?.replace(/^--/, '');
const mode = first !== undefined && MODES.includes(first) ? first : 'test';
const extra = process.argv.slice(mode === 'test' ? 2 : 3).filter((arg, i) => !(i === 0 && arg === '--'));

/** npm test: no server is used unless its variable is set; one line per leg left out says how to run it. */
function quick() {
  const built = build('js');
  if (built !== 0) return built;
  const status = vitest(['--project', 'unit', '--project', 'src', '--project', 'smoke', ...extra]);
  const left = [
    process.env['DATABASE_URL']
      ? undefined
      : 'the PostgreSQL server legs: set DATABASE_URL=postgres://user@host:port/db',
    process.env['MYSQL_URL'] ? undefined : 'the MariaDB legs: set MYSQL_URL=mysql://user@host:port/db',
    'the streaming replica, the Redis outages, Chromium, Prism, the declarations, the example apps, the 1,000-request context contracts and the dist reruns: npm run test:extended',
  ].filter(Boolean);
  console.log('\nLeft out of npm test (npm run test:all runs all of them, finding each server on this machine):');
  for (const line of left) console.log(`  - ${line}`);
  return status;
}

/** npm run test:extended: the rest of the suite, on the servers found (or required, under PAGELOPE_REQUIRE_SERVICES=1). */
/** `built`: what dist/ holds already (`js` after npm test in test:all), so only the rest is built. */
async function extended(built = 'nothing') {
  const services = await findServices();
  if (services.status !== 0) return services.status;
  const building = build(built === 'js' ? 'dts' : 'all');
  if (building !== 0) return building;
  const status = vitest(
    ['--project', 'extended', '--project', 'dist', '--project', 'smoke-pglite', ...extra],
    services.env,
  );
  if (status !== 0) return status;
  // The servers project reruns the files of tests/postgres and tests/drizzle for their server legs only: their
  // embedded legs (PGlite, SQLite) ran in npm test.
  const servers = vitest(['--project', 'servers', ...extra], { ...services.env, PAGELOPE_LEGS: 'servers' });
  if (servers !== 0) return servers;
  // The quick benchmark (npm run bench -- --quick end to end, about 40 s): that every workload still runs.
  return run(['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.bench.config.ts'], services.env);
}

async function dates() {
  const services = await findServices();
  if (services.status !== 0) return services.status;
  return vitest(['--project', 'dates', ...extra], services.env);
}

const modes = {
  test: quick,
  unit: () => vitest(['--project', 'unit', ...extra]),
  smoke: () => build('js') || vitest(['--project', 'smoke', '--project', 'smoke-pglite', ...extra]),
  extended: () => extended(),
  all: async () => {
    const first = quick();
    // npm test has just built the JavaScript: add the declarations, not a second whole build.
    const second = await extended('js');
    return first || second;
  },
  dates,
};
process.exit(await modes[mode]());
