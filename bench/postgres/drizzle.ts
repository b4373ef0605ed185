/**
 * Drizzle on PostgreSQL (issue 21): the same pages of the benchmark table read through `createDrizzleRepository`
 * (the table declared with `pgTable`, statements through `drizzle(pool)`) and through `createPostgresRepository` on
 * the same pool, side by side in rotated rounds: the first and the deep offset page (at 90% of the rows) and the first
 * and the deep cursor page, without a filter. The target: Drizzle within 1.2x of pagelope/postgres on each.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Repository } from 'pagelope';
import { createDrizzleRepository } from 'pagelope/drizzle';
import { createPostgresRepository } from 'pagelope/postgres';
import { users, type User } from '../../examples/shared/users';
import { log } from './log';
import { measureGroup, type Budget, type Case, type Summary } from './measure';
import { formatMs, formatRatio, type TargetCheck } from './report';
import { cursorAt, DEEP_SHARE, LIMIT, type Scenario } from './scenarios';

/** How much slower than pagelope/postgres the Drizzle repository may be. */
export const DRIZZLE_TARGET = 1.2;

const ORDER_BY = [{ field: 'createdAt', direction: 'desc' }] as const;
const PAGES = ['first page', 'deep page', 'first cursor page', 'deep cursor page'] as const;
type PageName = (typeof PAGES)[number];

/** The benchmark table as a team would declare it in Drizzle (the columns `createTableSql` made). */
function usersTable(table: string) {
  return pgTable(table, {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    age: doublePrecision('age').notNull(),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deletedAt', { withTimezone: true }),
    version: doublePrecision('version').notNull(),
  });
}

/** What {@link runDrizzle} measured: per page, each implementation. */
export interface DrizzleResult {
  readonly rows: number;
  readonly deepOffset: number;
  readonly pages: ReadonlyMap<PageName, { readonly drizzle: Summary; readonly postgres: Summary }>;
}

/** Times the four pages through both repositories, after checking that both return the same ids. */
export async function runDrizzle(pool: pg.Pool, table: string, budget: Budget): Promise<DrizzleResult> {
  const rows = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]?.n);
  const deepOffset = Math.floor((rows * DEEP_SHARE) / LIMIT) * LIMIT;
  const scenario: Scenario = {
    id: 'all',
    label: 'no filter',
    where: {},
    status: undefined,
    matching: rows,
    deepOffset,
  };
  const repositories: Record<'drizzle' | 'postgres', Repository<User>> = {
    drizzle: createDrizzleRepository(users, { db: drizzle(pool), table: usersTable(table) }),
    postgres: createPostgresRepository(users, { client: pool, table }),
  };
  const deepCursor = await cursorAt(pool, table, scenario, deepOffset);
  const calls = (repository: Repository<User>): Record<PageName, () => Promise<readonly User[]>> => ({
    'first page': async () => (await repository.list({ orderBy: ORDER_BY, limit: LIMIT, page: 1 })).items,
    'deep page': async () =>
      (await repository.list({ orderBy: ORDER_BY, limit: LIMIT, page: deepOffset / LIMIT + 1 })).items,
    'first cursor page': async () => (await repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT })).items,
    'deep cursor page': async () =>
      (await repository.listByCursor({ orderBy: ORDER_BY, limit: LIMIT, cursor: deepCursor })).items,
  });
  const drizzleCalls = calls(repositories.drizzle);
  const postgresCalls = calls(repositories.postgres);
  const pages = new Map<PageName, { drizzle: Summary; postgres: Summary }>();
  for (const page of PAGES) {
    const [a, b] = [await drizzleCalls[page](), await postgresCalls[page]()];
    const ids = (items: readonly User[]) => JSON.stringify(items.map((user) => user.id));
    if (a.length !== LIMIT || ids(a) !== ids(b)) throw new Error(`Drizzle, ${page}: the repositories disagree`);
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`Drizzle, ${page}: the records differ`);
    log(`Drizzle against pagelope/postgres, ${page}...`);
    const cases: Case[] = [
      { id: 'drizzle', run: drizzleCalls[page] },
      { id: 'postgres', run: postgresCalls[page] },
    ];
    const measured = await measureGroup(cases, budget);
    pages.set(page, { drizzle: measured.get('drizzle') as Summary, postgres: measured.get('postgres') as Summary });
  }
  return { rows, deepOffset, pages };
}

/** The Drizzle section as Markdown. */
export function renderDrizzle(result: DrizzleResult, table: string): string {
  const lines = [...result.pages].map(
    ([page, { drizzle, postgres }]) =>
      `| ${page} | ${formatMs(drizzle.median)} | ${formatMs(postgres.median)} | ${formatRatio(drizzle.median / postgres.median)} | ${drizzle.samples} |`,
  );
  return [
    `### Drizzle on PostgreSQL (issue 21): \`createDrizzleRepository\` against \`createPostgresRepository\``,
    '',
    '| page | Drizzle median (ms) | pagelope/postgres median (ms) | Drizzle ÷ postgres | rounds |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...lines,
    '',
    `The table \`${table}\` (${result.rows.toLocaleString('en-US')} rows) declared with \`pgTable\` and read through ` +
      '`drizzle(pool)` of `drizzle-orm/node-postgres`, against `createPostgresRepository` on the same pool; ' +
      `order \`createdAt DESC\`, limit ${LIMIT}, the deep pages after ${result.deepOffset.toLocaleString('en-US')} rows. ` +
      'Both are checked to return the same records first; each page times the two in rotated rounds.',
  ].join('\n');
}

/** The Drizzle target: within 1.2x of pagelope/postgres on every page. */
export function checkDrizzleTargets(result: DrizzleResult): TargetCheck[] {
  return [...result.pages].map(([page, { drizzle, postgres }]) => {
    const ratio = drizzle.median / postgres.median;
    return {
      target: `Drizzle on PostgreSQL, ${page}: within ${DRIZZLE_TARGET}× of pagelope/postgres`,
      measured: `${formatRatio(ratio)} (${formatMs(drizzle.median)} vs ${formatMs(postgres.median)} ms)`,
      met: ratio <= DRIZZLE_TARGET,
    };
  });
}
