/**
 * Relations on the memory repository (issue 19): the first page of 20 books through the books service bound to the
 * authors service, plain and with `include=author` (the target: at most 1.5x the plain page), and the relation filter
 * `author.fullName[cont]=...` for information; 1,000,000 books and 10,000 authors (quick: 10,000 and 1,000).
 */
import { createMemoryRepository, createResourceService, parseListQuery, type ListQuery } from 'pagelope';
import type { BenchConfig } from './config';
import { log } from './log';
import { measureSideBySide } from './relations-measure';
import {
  AUTHOR_NAME_PART,
  authorRecords,
  authors,
  bookRecords,
  books,
  LIMIT,
  reviews,
  type Author,
  type Book,
} from './relations-data';
import type { Row, Table, TargetCheck } from './report';
import { formatNumber, formatRatio } from './report';

/** Sizes of the memory relation benchmark. */
export const RELATION_MEMORY_SIZES = {
  full: { books: 1_000_000, authors: 10_000 },
  quick: { books: 10_000, authors: 1_000 },
} as const;

/** The largest `include=author` ÷ plain page ratio the issue allows. */
export const MEMORY_INCLUDE_TARGET = 1.5;

type Item = Book & { readonly author?: Author | null };

const count = (n: number): string => n.toLocaleString('en-US');

/** Whether `items` are the plain page's books, each with its own author embedded (null when it has none). */
function checkEmbeds(items: readonly Item[], plain: readonly Item[], byId: ReadonlyMap<string, Author>): string {
  if (items.map((b) => b.id).join() !== plain.map((b) => b.id).join()) return '✗ other books';
  for (const book of items) {
    const expected = book.authorId === null ? null : (byId.get(book.authorId) ?? null);
    if (JSON.stringify(book.author) !== JSON.stringify(expected)) return `✗ author of ${book.id}`;
  }
  return '✓';
}

/** Runs the memory relation benchmark; returns its table. */
export async function runRelationsMemory(config: BenchConfig): Promise<Table[]> {
  const sizes = config.quick ? RELATION_MEMORY_SIZES.quick : RELATION_MEMORY_SIZES.full;
  log(`Relations (memory): ${count(sizes.books)} books, ${count(sizes.authors)} authors`);
  const authorList = authorRecords(sizes.authors);
  const byId = new Map(authorList.map((a) => [a.id, a]));
  const authorsService = createResourceService({
    resource: authors,
    repository: createMemoryRepository(authors, { records: authorList }),
  });
  const reviewsService = createResourceService({ resource: reviews, repository: createMemoryRepository(reviews) });
  const booksService = createResourceService({
    resource: books,
    repository: createMemoryRepository(books, { records: bookRecords(sizes.books, sizes.authors) }),
    relations: { author: authorsService, reviews: reviewsService },
  });

  const parsed = (text: string): ListQuery<Book> => parseListQuery(text, books);
  const plainQuery = parsed(`limit=${LIMIT}`);
  const includeQuery = parsed(`include=author&limit=${LIMIT}`);
  const filterQuery = parsed(`author.fullName[cont]=${AUTHOR_NAME_PART}&limit=${LIMIT}`);
  const list = (query: ListQuery<Book>) => () => booksService.list(query);
  const plain = await booksService.list(plainQuery);
  const included = await booksService.list(includeQuery);
  // The filter is shown for information: when it fails, the table says so and the target is still measured.
  const filtered = await booksService.list(filterQuery).catch((error: unknown) => error as Error);
  const checks = new Map<string, string>([
    ['plain', plain.items.length === LIMIT ? '✓' : `✗ ${plain.items.length} items`],
    ['include', checkEmbeds(included.items as readonly Item[], plain.items, byId)],
  ]);
  if (!(filtered instanceof Error))
    checks.set(
      'filter',
      filtered.items.length === LIMIT &&
        filtered.items.every((b) => b.authorId !== null && byId.get(b.authorId)?.fullName.includes(AUTHOR_NAME_PART))
        ? '✓'
        : '✗ a book whose author does not match, or not a full page',
    );
  if (checks.get('include') !== '✓')
    throw new Error(`Relations (memory): include=author page ${checks.get('include')}`);

  log('Relations (memory): timing the plain page and include=author side by side, then the relation filter');
  // Samples of about 1 ms: on a shared machine a sample that long mostly runs within one time slice, so the medians
  // are on-CPU times rather than shares of the neighbours' load.
  const options = config.quick
    ? { warmupMs: 50, minSamples: 5, maxSamples: 200, budgetMs: 200, sampleMs: 1 }
    : { warmupMs: 300, minSamples: 30, maxSamples: 2000, budgetMs: 1500, sampleMs: 1 };
  const measured = await measureSideBySide(
    [
      { id: 'plain', run: list(plainQuery) },
      { id: 'include', run: list(includeQuery) },
    ],
    options,
  );
  // The filter in rounds of its own (it may take far longer than the pages): a few samples, no warm-up beyond one call.
  if (!(filtered instanceof Error)) {
    const alone = await measureSideBySide([{ id: 'filter', run: list(filterQuery) }], {
      warmupMs: 0,
      minSamples: 3,
      maxSamples: options.maxSamples,
      budgetMs: options.budgetMs,
      sampleMs: 1,
    });
    for (const [id, m] of alone) measured.set(id, m);
  }
  const row = (id: string, name: string, role: Row['role']): Row => {
    const m = measured.get(id);
    if (!m) throw new Error(`no measurement for ${id}`);
    return {
      name,
      role,
      median: m.median * 1000,
      p25: m.p25 * 1000,
      p75: m.p75 * 1000,
      samples: m.samples,
      extra: { 'calls a sample': String(m.batch), check: checks.get(id) ?? '' },
    };
  };
  return [
    {
      id: 'relations-memory',
      workload: 'Relations',
      title: `Memory relations, first page of ${LIMIT} of ${count(sizes.books)} books (${count(sizes.authors)} authors)`,
      unit: 'µs',
      measure: 'time per call',
      higherIsBetter: false,
      vsPagelope: false,
      extraColumns: ['calls a sample', 'check'],
      rows: [
        row('plain', `service list \`limit=${LIMIT}\` (plain page)`, 'floor'),
        row('include', `service list \`include=author&limit=${LIMIT}\``, 'pagelope'),
        ...(filtered instanceof Error
          ? []
          : [row('filter', `service list \`author.fullName[cont]=${AUTHOR_NAME_PART}&limit=${LIMIT}\``, 'peer')]),
      ],
      notes: [
        `Memory repositories of books and authors bound by \`createResourceService({ relations: { author: authorsService } })\`; queries parsed once with \`parseListQuery\`, each timed call is \`booksService.list(query)\` (page of ${LIMIT} in id order and its total).`,
        'The plain and the include page run in rounds, one batch of calls of each (about 1 ms) a round in rotated order, so their ratio comes from the same rounds; the relation filter is timed afterwards on its own (at least 3 samples).',
        ...(filtered instanceof Error
          ? [
              `The relation filter \`author.fullName[cont]=${AUTHOR_NAME_PART}\` failed, so it is not timed: ${filtered.message}`,
            ]
          : []),
        `check: the include page holds the plain page's books, each with its own author (null for a book without one); the filter page holds only books whose author's fullName contains "${AUTHOR_NAME_PART}" (one author in 16).`,
      ],
    },
  ];
}

/** The memory relation target, checked on the table of {@link runRelationsMemory} (if it ran). */
export function checkRelationTargets(tables: readonly Table[], quick: boolean): TargetCheck[] {
  const table = tables.find((t) => t.id === 'relations-memory');
  const plain = table?.rows.find((r) => r.role === 'floor');
  const include = table?.rows.find((r) => r.role === 'pagelope');
  const ratio = plain && include ? include.median / plain.median : undefined;
  const sizes = quick ? RELATION_MEMORY_SIZES.quick : RELATION_MEMORY_SIZES.full;
  return [
    {
      target: `Relations (memory): \`include=author\` first page at most ${MEMORY_INCLUDE_TARGET}× the plain page`,
      measured:
        ratio === undefined
          ? '—'
          : `${formatRatio(ratio)} (${formatNumber(include?.median ?? NaN)} vs ${formatNumber(plain?.median ?? NaN)} µs)`,
      met: ratio === undefined ? undefined : ratio <= MEMORY_INCLUDE_TARGET,
      ...(sizes.books === RELATION_MEMORY_SIZES.full.books ? {} : { note: `at ${count(sizes.books)} books` }),
    },
  ];
}
