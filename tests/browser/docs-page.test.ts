import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNestjs } from '../../examples/nestjs/listen';
import type { ListenOptions, RunningServer } from '../../examples/shared/listen-options';
import { seedUsers } from '../../examples/shared/seed';

/** Debian's chromium (`apt-get install chromium`), or the browser CHROMIUM_PATH names. */
const BROWSER = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
/** Set by CI (`.ci/run`): a missing browser fails this file instead of skipping it. */
const REQUIRED = process.env.PAGELOPE_REQUIRE_BROWSER === '1';
const NO_BROWSER =
  'no Chromium at /usr/bin/chromium and no CHROMIUM_PATH (apt-get install chromium, or set CHROMIUM_PATH)';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const FRAMEWORKS: [string, (options: ListenOptions) => Promise<RunningServer>][] = [
  ['fastify', listenFastify],
  ['express', listenExpress],
  ['hono', listenHono],
  ['nestjs', (options) => listenNestjs(options)],
];

/** The operations Swagger UI renders for the users resource: its element id (tag, operationId), method and path. */
const OPERATIONS = [
  ['listUsers', 'get', '/users'],
  ['createUser', 'post', '/users'],
  ['listUsersByCursor', 'get', '/users/cursor'],
  ['getUser', 'get', '/users/{id}'],
  ['replaceUser', 'put', '/users/{id}'],
  ['updateUser', 'patch', '/users/{id}'],
  ['deleteUser', 'delete', '/users/{id}'],
] as const;

const SEEDED = 5;
/** Swagger UI takes a few seconds to render the document in a headless browser, more on a loaded machine. */
const TIMEOUT_MS = 60_000;

// Without a browser: a skipped test whose name says why (and a warning), or a failing one when CI requires the browser.
if (BROWSER === undefined) {
  if (!REQUIRED) console.warn(`tests/browser/docs-page.test.ts is skipped: ${NO_BROWSER}.`);
  describe('the docs page in Chromium, without a browser', () => {
    if (REQUIRED)
      it('finds Chromium, as PAGELOPE_REQUIRE_BROWSER=1 demands', () => {
        expect.fail(`PAGELOPE_REQUIRE_BROWSER=1 but ${NO_BROWSER}`);
      });
    else it.skip(`is skipped: ${NO_BROWSER}`, () => {});
  });
}

describe.skipIf(BROWSER === undefined)('the docs page in Chromium', () => {
  let userDataDir: string;
  let context: BrowserContext;
  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), 'pagelope-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: BROWSER,
      headless: true,
      args: ARGS,
    });
  }, TIMEOUT_MS);
  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it.each(FRAMEWORKS)(
    'renders the users operations on %s, and Try it out on GET /users shows the list, asking only the server',
    async (_name, listen) => {
      const server = await listen({ port: 0, host: '127.0.0.1', seedRecords: SEEDED });
      const page = await context.newPage();
      const requested: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      try {
        await page.goto(`${server.url}/docs`);
        const listUsers = page.locator('#operations-users-listUsers');
        await listUsers.waitFor();
        const rendered = await page
          .locator('.opblock')
          .evaluateAll((blocks) =>
            blocks.map((block) => [
              block.id,
              block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase(),
              block.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
            ]),
          );
        expect(rendered).toEqual(
          expect.arrayContaining(OPERATIONS.map(([id, method, path]) => [`operations-users-${id}`, method, path])),
        );
        expect(await listUsers.locator('.opblock-summary-operation-id').textContent()).toBe('listUsers');

        await listUsers.locator('.opblock-summary-control').click();
        await listUsers.getByRole('button', { name: 'Try it out' }).click();
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/users');
        await listUsers.getByRole('button', { name: 'Execute' }).click();
        expect((await answered).status()).toBe(200);
        const result = listUsers.locator('.live-responses-table tbody tr.response').first();
        expect(await result.locator('.response-col_status').innerText()).toBe('200');
        const shown = JSON.parse(await result.locator('.highlight-code pre').innerText()) as {
          items: { username: string }[];
          total: number;
        };
        expect(shown.total).toBe(SEEDED);
        expect(shown.items.map((user) => user.username)).toStrictEqual(seedUsers(SEEDED).map((user) => user.username));

        const origin = new URL(server.url).origin;
        expect(requested.map((url) => new URL(url).pathname)).toEqual(
          expect.arrayContaining(['/docs', '/docs/swagger-ui-bundle.js', '/openapi.json', '/users']),
        );
        expect(requested.filter((url) => new URL(url).origin !== origin)).toStrictEqual([]);
        // No failed load, script error or Content-Security-Policy violation was reported.
        expect(problems).toStrictEqual([]);
      } finally {
        await page.close();
        await server.close();
      }
    },
    TIMEOUT_MS,
  );
});
