// npm test: builds the package's JavaScript, then runs the whole suite (vitest run, arguments passed on) while
// tests/global-setup.ts builds the declarations beside it, on the core the type build would otherwise leave idle.
// The two test files that read dist/**/*.d.ts wait for that build (tests/support/declarations-built.ts), and the run
// fails if it fails. `npm run build` still builds everything at once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args, env) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const built = run(['node_modules/tsup/dist/cli-default.js'], { PAGELOPE_BUILD: 'js' });
if (built !== 0) process.exit(built);
process.exit(run(['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { PAGELOPE_DTS_BESIDE: '1' }));
