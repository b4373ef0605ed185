/**
 * Relations on PostgreSQL (issue 19): 100,000 books, 10,000 authors and 20 reviews a book (quick: 10,000 books,
 * 1,000 authors), in tables `bench_rel_*` built once by `generate_series` with the library's DDL (`createTableSql`,
 * its `indexes` option on each relating field). Times the first page of 20 through the books service bound to the authors and reviews services
 * (three PostgreSQL repositories on one client), plain and with `include=author`, `include=reviews` and
 * `counts=reviews`; the relation filter `author.fullName[cont]=...` beside the same page written by hand with EXISTS;
 * and the first cursor page plain and with `include=author`, all side by side in the same rounds.
 */
import type pg from 'pg';
import { createResourceService, parseCursorQuery, parseListQuery } from 'pagelope';
import { createPostgresRepository, createTableSql, type SqlClient } from 'pagelope/postgres';
import {
  AUTHOR_NAME_PART,
  authors,
  books,
  generateSql,
  LIMIT,
  reviews,
  type Author,
  type Book,
  type RelationSizes,
  type Review,
} from '../relations-data';
import { log } from './log';
import { measureGroup, type Budget, type Case, type Summary } from './measure';
import { formatMs, formatRatio, type TargetCheck } from './report';

/** The sizes, and the quick run's. */
export const RELATION_SIZES: Readonly<Record<'full' | 'quick', RelationSizes>> = {
  full: { authors: 10_000, books: 100_000, reviewsPerBook: 20 },
  quick: { authors: 1_000, books: 10_000, reviewsPerBook: 20 },
};

/** The ceilings: `include=author` and `include=reviews` over the plain page; the filter over the SQL. */
export const RELATION_TARGETS = { author: 1.5, reviews: 2.5, filter: 2 } as const;

/** Options of {@link runRelations}. */
export interface RelationsOptions {
  readonly quick: boolean;
  readonly rebuild: boolean;
  readonly budget: Budget;
}

/** One timed case: its label, what it is compared with, its statements per call. */
interface CaseInfo {
  readonly id: string;
  readonly label: string;
  readonly statements: number;
  /** Absent when the case failed its check (see `failure`) and was not timed. */
  readonly summary: Summary | undefined;
  readonly failure: string | undefined;
}

/** What {@link runRelations} measured. */
export interface RelationsResult {
  readonly sizes: RelationSizes;
  readonly tables: { readonly authors: string; readonly books: string; readonly reviews: string };
  readonly cases: readonly CaseInfo[];
  /** The service's page statement for the relation filter, and its plan. */
  readonly plan: string;
}

interface Sent {
  readonly text: string;
  readonly values: readonly unknown[];
}

const tableNames = (quick: boolean) => {
  const prefix = quick ? 'bench_rel_quick' : 'bench_rel';
  return { authors: `${prefix}_authors`, books: `${prefix}_books`, reviews: `${prefix}_reviews` };
};

/** Builds the tables when they do not hold the expected rows (or with `rebuild`), then times every case. */
export async function runRelations(pool: pg.Pool, options: RelationsOptions): Promise<RelationsResult> {
  const sizes = options.quick ? RELATION_SIZES.quick : RELATION_SIZES.full;
  const tables = tableNames(options.quick);
  await ensureRelationTables(pool, sizes, tables, options.rebuild);

  let recording: Sent[] | undefined;
  const client: SqlClient = {
    query: (text, values = []) => {
      recording?.push({ text, values });
      return pool.query(text, values as unknown[]);
    },
  };
  const capture = async (call: () => Promise<unknown>): Promise<Sent[]> => {
    const sent: Sent[] = [];
    recording = sent;
    try {
      await call();
    } finally {
      recording = undefined;
    }
    return sent;
  };
  const authorsService = createResourceService({
    resource: authors,
    repository: createPostgresRepository(authors, { client, table: tables.authors }),
  });
  const reviewsService = createResourceService({
    resource: reviews,
    repository: createPostgresRepository(reviews, { client, table: tables.reviews }),
  });
  const booksService = createResourceService({
    resource: books,
    repository: createPostgresRepository(books, { client, table: tables.books }),
    relations: { author: authorsService, reviews: reviewsService },
  });

  const list = (text: string) => {
    const query = parseListQuery(text, books);
    return () => booksService.list(query);
  };
  const cursor = (text: string) => {
    const query = parseCursorQuery(text, books);
    return () => booksService.listByCursor(query);
  };
  const pattern = `%${AUTHOR_NAME_PART}%`;
  const exists = `EXISTS (SELECT 1 FROM "${tables.authors}" a WHERE a."id" = b."authorId" AND a."fullName" LIKE $1)`;
  const handPage = `SELECT b."id", b."title", b."authorId", b."year" FROM "${tables.books}" b WHERE ${exists} ORDER BY b."id" LIMIT ${LIMIT}`;
  const handCount = `SELECT count(*)::int AS n FROM "${tables.books}" b WHERE ${exists}`;
  /** The filtered page by hand, as `list` returns it: the page, then the total when the page is full. */
  const bySql = async () => {
    const { rows } = await pool.query<Book>(handPage, [pattern]);
    const total =
      rows.length < LIMIT ? rows.length : ((await pool.query<{ n: number }>(handCount, [pattern])).rows[0]?.n ?? 0);
    return { items: rows, total };
  };

  const cases: (Case & { readonly label: string })[] = [
    { id: 'plain', label: `\`limit=${LIMIT}\` (plain page)`, run: list(`limit=${LIMIT}`) },
    { id: 'author', label: `\`include=author&limit=${LIMIT}\``, run: list(`include=author&limit=${LIMIT}`) },
    { id: 'reviews', label: `\`include=reviews&limit=${LIMIT}\``, run: list(`include=reviews&limit=${LIMIT}`) },
    { id: 'counts', label: `\`counts=reviews&limit=${LIMIT}\``, run: list(`counts=reviews&limit=${LIMIT}`) },
    {
      id: 'filter',
      label: `\`author.fullName[cont]=${AUTHOR_NAME_PART}&limit=${LIMIT}\``,
      run: list(`author.fullName[cont]=${AUTHOR_NAME_PART}&limit=${LIMIT}`),
    },
    { id: 'sql', label: 'the same filtered page by hand: page with EXISTS, then count(*) with EXISTS', run: bySql },
    { id: 'cursor', label: `\`listByCursor\` \`limit=${LIMIT}\` (plain first page)`, run: cursor(`limit=${LIMIT}`) },
    {
      id: 'cursor-author',
      label: `\`listByCursor\` \`include=author&limit=${LIMIT}\``,
      run: cursor(`include=author&limit=${LIMIT}`),
    },
  ];
  // A case whose page is wrong (or that throws) is reported, not timed, and its target counts as missed.
  const failures = await checkPages(cases, pool, tables);
  if (failures.has('plain')) throw new Error(`relations: the plain page: ${failures.get('plain')}`);
  const timed = cases.filter((c) => !failures.has(c.id));

  const statements = new Map<string, number>();
  for (const c of timed) statements.set(c.id, c.id === 'sql' ? 2 : (await capture(c.run)).length);
  log(`relations: ${timed.length} cases side by side (${sizes.books.toLocaleString('en-US')} books)...`);
  const measured = await measureGroup(timed, options.budget);

  const filterSent = await capture(timed.find((c) => c.id === 'filter')?.run ?? (async () => undefined));
  const servicePage = filterSent.find((s) => s.text.includes('ORDER BY'));
  const page = servicePage ?? { text: handPage, values: [pattern] };
  const explained = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${page.text}`, [
    ...page.values,
  ]);
  return {
    sizes,
    tables,
    cases: cases.map((c) => ({
      id: c.id,
      label: c.label,
      statements: statements.get(c.id) ?? 0,
      summary: measured.get(c.id),
      failure: failures.get(c.id),
    })),
    plan: `${servicePage ? '' : '-- the service sent no filter page: the hand-written statement instead\n'}${page.text}\n-- ${JSON.stringify(page.values)}\n\n${explained.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
  };
}

type Item = Book & { readonly author?: Author | null; readonly reviews?: readonly Review[]; readonly _count?: object };
type Page = { readonly items: readonly Item[]; readonly total?: number };

/**
 * Checks, before timing, that every include page holds the plain page's books with the right embeds (read back by
 * SQL), and that the service's filtered page holds the same ids and total as the hand-written SQL. Returns what is
 * wrong with each case that fails (throws, or returns another page), by case id.
 */
async function checkPages(
  cases: readonly Case[],
  pool: pg.Pool,
  tables: ReturnType<typeof tableNames>,
): Promise<Map<string, string>> {
  const pages = new Map<string, Page>();
  const failures = new Map<string, string>();
  for (const c of cases) {
    try {
      pages.set(c.id, (await c.run()) as Page);
    } catch (error) {
      failures.set(c.id, `throws: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const ids = (id: string) => (pages.get(id)?.items ?? []).map((b) => b.id).join();
  const fail = (id: string, message: string): void => {
    if (!failures.has(id)) failures.set(id, message);
  };
  const plain = pages.get('plain')?.items ?? [];
  if (plain.length !== LIMIT) fail('plain', `it holds ${plain.length} books`);
  for (const id of ['author', 'reviews', 'counts', 'cursor', 'cursor-author'])
    if (pages.has(id) && ids(id) !== ids('plain')) fail(id, 'other books than the plain page');
  if (pages.has('filter') && (ids('filter') !== ids('sql') || pages.get('filter')?.total !== pages.get('sql')?.total))
    fail('filter', `ids ${ids('filter')} and total ${pages.get('filter')?.total} differ from the SQL's`);
  if (pages.has('filter') && pages.get('filter')?.items.length !== LIMIT) fail('filter', 'the page is not full');

  const bookIds = plain.map((b) => b.id);
  const authorIds = plain.map((b) => b.authorId).filter((id): id is string => id !== null);
  const { rows: authorRows } = await pool.query<Author>(`SELECT * FROM "${tables.authors}" WHERE "id" = ANY($1)`, [
    authorIds,
  ]);
  const authorById = new Map(authorRows.map((a) => [a.id, a]));
  for (const id of ['author', 'cursor-author'])
    for (const book of pages.get(id)?.items ?? []) {
      const expected = book.authorId === null ? null : (authorById.get(book.authorId) ?? null);
      if (JSON.stringify(book.author) !== JSON.stringify(expected)) fail(id, `the author of ${book.id}`);
    }
  const { rows: reviewRows } = await pool.query<{ bookId: string; ids: string[]; n: number }>(
    `SELECT "bookId", (array_agg("id" ORDER BY "id"))[1:20] AS ids, count(*)::int AS n FROM "${tables.reviews}"
     WHERE "bookId" = ANY($1) GROUP BY "bookId"`,
    [bookIds],
  );
  const reviewsOf = new Map(reviewRows.map((r) => [r.bookId, r]));
  for (const book of pages.get('reviews')?.items ?? []) {
    const embedded = (book.reviews ?? []).map((r) => r.id).join();
    if (embedded !== (reviewsOf.get(book.id)?.ids ?? []).join()) fail('reviews', `the reviews of ${book.id}`);
  }
  for (const book of pages.get('counts')?.items ?? []) {
    const counted = JSON.stringify(book._count);
    if (counted !== JSON.stringify({ reviews: reviewsOf.get(book.id)?.n ?? 0 }))
      fail('counts', `${book.id} has _count ${counted}`);
  }
  return failures;
}

/** Creates and fills the three tables unless they already hold the expected rows. */
async function ensureRelationTables(
  pool: pg.Pool,
  sizes: RelationSizes,
  tables: ReturnType<typeof tableNames>,
  rebuild: boolean,
): Promise<void> {
  const expected: [string, number][] = [
    [tables.authors, sizes.authors],
    [tables.books, sizes.books],
    [tables.reviews, sizes.books * sizes.reviewsPerBook],
  ];
  let ready = !rebuild;
  for (const [table, rows] of expected) {
    if (!ready) break;
    const { rows: found } = await pool.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      `"${table}"`,
    ]);
    if (!found[0]?.exists) ready = false;
    else {
      const { rows: counted } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
      ready = Number(counted[0]?.n) === rows;
    }
  }
  const ddl = [
    createTableSql(authors, { table: tables.authors }),
    // The relating fields' indexes, as createTableSql makes them: books ("authorId"), reviews ("bookId").
    createTableSql(books, { table: tables.books, indexes: ['authorId'] }),
    createTableSql(reviews, { table: tables.reviews, indexes: ['bookId'] }),
  ].flatMap((sql) => sql.split(';\n').map((statement) => statement.replace(/;$/, '')));
  const [createAuthors, createBooks, createReviews] = ddl.filter((s) => s.startsWith('CREATE TABLE'));
  const indexes = ddl.filter((s) => s.startsWith('CREATE INDEX'));
  if (ready) {
    // An index an earlier version of this benchmark built by hand, before createTableSql took `indexes`.
    await pool.query(`DROP INDEX IF EXISTS "${tables.reviews}_bookId_id_idx"`);
    for (const sql of indexes) await pool.query(sql); // IF NOT EXISTS: no-ops when the tables were built here
    log(`reusing ${Object.values(tables).join(', ')} (--rebuild reloads them)`);
    return;
  }
  const started = performance.now();
  log(
    `building ${Object.values(tables).join(', ')}: ${sizes.authors.toLocaleString('en-US')} authors, ` +
      `${sizes.books.toLocaleString('en-US')} books, ${(sizes.books * sizes.reviewsPerBook).toLocaleString('en-US')} reviews...`,
  );
  for (const table of Object.values(tables)) await pool.query(`DROP TABLE IF EXISTS "${table}"`);
  for (const sql of [createAuthors, createBooks, createReviews]) await pool.query(sql as string);
  const quoted = { authors: `"${tables.authors}"`, books: `"${tables.books}"`, reviews: `"${tables.reviews}"` };
  for (const sql of generateSql(sizes, quoted)) await pool.query(sql);
  log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; building indexes...`);
  for (const sql of indexes) await pool.query(sql);
  for (const table of Object.values(tables)) await pool.query(`VACUUM (ANALYZE) "${table}"`);
  log(`  ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const caseOf = (result: RelationsResult, id: string): CaseInfo => {
  const found = result.cases.find((c) => c.id === id);
  if (!found) throw new Error(`no measurement for ${id}`);
  return found;
};

/** The three PostgreSQL relation targets, checked on this run's medians. */
export function checkRelationTargets(result: RelationsResult): TargetCheck[] {
  const check = (target: string, id: string, base: string, ceiling: number, baseName: string): TargetCheck => {
    const [measured, baseline] = [caseOf(result, id), caseOf(result, base)];
    const failed = measured.failure ?? baseline.failure;
    if (failed !== undefined || !measured.summary || !baseline.summary)
      return { target, measured: `not timed: ${failed ?? 'no measurement'}`, met: false };
    const a = measured.summary.median;
    const b = baseline.summary.median;
    return {
      target,
      measured: `${formatRatio(a / b)} (${formatMs(a)} vs ${formatMs(b)} ms ${baseName})`,
      met: a / b <= ceiling,
    };
  };
  const n =
    result.sizes.books === RELATION_SIZES.full.books ? '' : ` (${result.sizes.books.toLocaleString('en-US')} books)`;
  return [
    check(
      `Relations: \`include=author\` first page ≤ ${RELATION_TARGETS.author}× the plain page${n}`,
      'author',
      'plain',
      RELATION_TARGETS.author,
      'plain',
    ),
    check(
      `Relations: \`include=reviews\` first page ≤ ${RELATION_TARGETS.reviews}× the plain page${n}`,
      'reviews',
      'plain',
      RELATION_TARGETS.reviews,
      'plain',
    ),
    check(
      `Relations: \`author.fullName[cont]\` first page ≤ ${RELATION_TARGETS.filter}× hand-written SQL with EXISTS${n}`,
      'filter',
      'sql',
      RELATION_TARGETS.filter,
      'SQL',
    ),
  ];
}

/** The Markdown section: the cases with their ratios and statements, a Targets table (met / missed), the plan. */
export function renderRelations(result: RelationsResult): string {
  const { sizes, tables } = result;
  const versus: Record<string, string> = {
    author: 'plain',
    reviews: 'plain',
    counts: 'plain',
    sql: 'filter',
    filter: 'sql',
    'cursor-author': 'cursor',
  };
  const rows = result.cases.map((c) => {
    const s = c.summary;
    if (!s) return `| ${c.label} | failed, not timed: ${(c.failure ?? '').replaceAll('|', '\\|')} | | | | |`;
    const base = versus[c.id];
    const other = base ? caseOf(result, base).summary : undefined;
    const ratio = base && other ? `${formatRatio(s.median / other.median)} ${base}` : '—';
    return `| ${c.label} | ${formatMs(s.median)} | ${formatMs(s.p25)}–${formatMs(s.p75)} | ${s.samples} | ${ratio} | ${c.statements} |`;
  });
  const targets = checkRelationTargets(result);
  return [
    `### Relations (\`${tables.books}\`: ${sizes.books.toLocaleString('en-US')} books, \`${tables.authors}\`: ${sizes.authors.toLocaleString('en-US')} authors, \`${tables.reviews}\`: ${(sizes.books * sizes.reviewsPerBook).toLocaleString('en-US')} reviews)`,
    '',
    `First page of ${LIMIT} books in id order through \`booksService\` bound to \`authorsService\` and \`reviewsService\` (\`createResourceService({ relations })\`, three \`createPostgresRepository\` on one client); queries parsed once with \`parseListQuery\`/\`parseCursorQuery\`. Every case runs in the same rounds, order rotated; before timing, each include page is checked to hold the plain page's books with the embeds read back by SQL, and the filtered page the same ids and total as the SQL. DDL and indexes from \`createTableSql\`, with \`indexes: ['authorId']\` for books and \`indexes: ['bookId']\` for reviews.`,
    '',
    '| case | median (ms) | p25–p75 | n | ratio | statements |',
    '|---|---:|---:|---:|---|---:|',
    ...rows,
    '',
    '#### Relation targets',
    '',
    '| target | measured (medians) | status |',
    '|---|---|---|',
    ...targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'met' : '**missed**'} |`),
    '',
    '#### Plan of the relation filter page (EXPLAIN ANALYZE of the statement the service sends)',
    '',
    '```',
    result.plan,
    '```',
  ].join('\n');
}
