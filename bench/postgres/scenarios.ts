/**
 * The queries of the benchmark and the three ways of running each: pagelope `list` (LIMIT/OFFSET), pagelope
 * `listByCursor` (keyset) and nestjs-paginate. Every page is checked to hold the same ids on all three before
 * anything is timed, so the figures compare the same result.
 */
import type pg from 'pg';
import type { Repository, Resource, WhereClause } from 'pagelope';
import { createPostgresRepository, type SqlClient } from 'pagelope/postgres';
import { users, type User } from '../../examples/shared/users';
// Internal modules, not the public API: see cursorAt.
import { encodeCursor } from '../../src/pagination/cursor';
import { normalizeInput } from '../../src/query/model/normalize-input';
import { queryFingerprint } from '../../src/query/model/normalized-query';
import type { Case } from './measure';
import type { NestPeer } from './nest-peer';

/** Rows per page in every query. */
export const LIMIT = 20;
/** The deep page starts after this share of the matching rows (900,000 of 1,000,000). */
export const DEEP_SHARE = 0.9;

const ORDER_BY = [{ field: 'createdAt', direction: 'desc' }] as const;

/** One filter of the benchmark and its depths. */
export interface Scenario {
  readonly id: 'all' | 'active';
  readonly label: string;
  readonly where: WhereClause<User>;
  readonly status: string | undefined;
  /** Rows matching the filter. */
  readonly matching: number;
  /** Rows before the deep page: a multiple of {@link LIMIT}. */
  readonly deepOffset: number;
}

/** One depth of a scenario: what each implementation runs. */
export interface DepthCases {
  readonly depth: 'first' | 'deep';
  readonly offset: number;
  readonly page: number;
  readonly cases: readonly Case[];
}

/** A SQL statement the adapter sent, kept for EXPLAIN. */
export interface SentQuery {
  readonly text: string;
  readonly values: unknown[];
}

/** The adapter over the benchmark table, and a way to see the SQL it sends. */
export interface Adapter {
  readonly repository: Repository<User>;
  /** Runs `call` and returns the statements the adapter sent meanwhile (recording is off otherwise). */
  capture(call: () => Promise<unknown>): Promise<SentQuery[]>;
}

/** Creates the pagelope repository on `pool`. */
export function createAdapter(pool: pg.Pool, table: string): Adapter {
  let recording: SentQuery[] | undefined;
  const client: SqlClient = {
    query: (text, values = []) => {
      recording?.push({ text, values });
      return pool.query(text, values);
    },
  };
  return {
    repository: createPostgresRepository(users, { client, table }),
    async capture(call) {
      const sent: SentQuery[] = [];
      recording = sent;
      try {
        await call();
      } finally {
        recording = undefined;
      }
      return sent;
    },
  };
}

/** The scenarios: no filter, and `status eq 'active'`, each with its deep offset at {@link DEEP_SHARE}. */
export async function loadScenarios(pool: pg.Pool, table: string): Promise<Scenario[]> {
  const { rows } = await pool.query<{ all: string; active: string }>(
    `SELECT count(*) AS all, count(*) FILTER (WHERE "status" = 'active') AS active FROM "${table}"`,
  );
  const deep = (n: number) => Math.floor((n * DEEP_SHARE) / LIMIT) * LIMIT;
  const all = Number(rows[0]?.all);
  const active = Number(rows[0]?.active);
  return [
    { id: 'all', label: 'no filter', where: {}, status: undefined, matching: all, deepOffset: deep(all) },
    {
      id: 'active',
      label: "status eq 'active'",
      where: { status: 'active' },
      status: 'active',
      matching: active,
      deepOffset: deep(active),
    },
  ];
}

/**
 * The cursor that `listByCursor` would return after the row at `offset` (1-based: the last row before the page).
 * Walking 45,000 pages through the public API to reach depth 900,000 would take minutes and time the walk, not the
 * page, so this reads that row's sort key with SQL and encodes the cursor with the library's own internal
 * `encodeCursor` and `queryFingerprint` (of the same normalized query `listByCursor` builds), exactly as
 * `listByCursor` encodes `nextCursor`.
 */
export async function cursorAt(
  pool: pg.Pool,
  table: string,
  scenario: Scenario,
  offset: number,
): Promise<string | undefined> {
  if (offset === 0) return undefined;
  const filter = scenario.status === undefined ? '' : `WHERE "status" = $1`;
  const { rows } = await pool.query<{ createdAt: Date; id: string }>(
    `SELECT "createdAt", "id" FROM "${table}" ${filter} ORDER BY "createdAt" DESC, "id" COLLATE "C" ASC OFFSET ${offset - 1} LIMIT 1`,
    scenario.status === undefined ? [] : [scenario.status],
  );
  const row = rows[0];
  if (!row) throw new Error(`${table} has no row at offset ${offset}`);
  const query = normalizeInput(
    { where: scenario.where, orderBy: ORDER_BY, limit: LIMIT },
    users as unknown as Resource,
    'cursor',
  );
  return encodeCursor([row.createdAt, row.id], queryFingerprint(query));
}

/** The first and the deep page of a scenario, run three ways, after checking that all three return the same ids. */
export async function buildDepthCases(
  pool: pg.Pool,
  table: string,
  adapter: Adapter,
  peer: NestPeer,
  scenario: Scenario,
): Promise<DepthCases[]> {
  const { repository } = adapter;
  const depths: DepthCases[] = [];
  for (const [depth, offset] of [
    ['first', 0],
    ['deep', scenario.deepOffset],
  ] as const) {
    const page = offset / LIMIT + 1;
    const cursor = await cursorAt(pool, table, scenario, offset);
    const list = () => repository.list({ where: scenario.where, orderBy: ORDER_BY, limit: LIMIT, page });
    const byCursor = () => repository.listByCursor({ where: scenario.where, orderBy: ORDER_BY, limit: LIMIT, cursor });
    const nest = () => peer.page({ page, limit: LIMIT, status: scenario.status });

    const ids = {
      list: (await list()).items.map((u) => u.id),
      cursor: (await byCursor()).items.map((u) => u.id),
      nest: (await nest()).map((u) => u.id),
    };
    const expected = JSON.stringify(ids.list);
    if (ids.list.length !== LIMIT || JSON.stringify(ids.cursor) !== expected || JSON.stringify(ids.nest) !== expected) {
      throw new Error(`${scenario.label}, ${depth} page: the implementations disagree: ${JSON.stringify(ids)}`);
    }
    depths.push({
      depth,
      offset,
      page,
      cases: [
        { id: `${scenario.id}/${depth}/list`, run: list },
        { id: `${scenario.id}/${depth}/cursor`, run: byCursor },
        { id: `${scenario.id}/${depth}/nest`, run: nest },
      ],
    });
  }
  return depths;
}
