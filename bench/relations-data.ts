/**
 * The data set of the relation benchmarks (issue 19): authors, books (each with an author, one in a thousand
 * without) and reviews (a fixed number per book), their resources, and the same deterministic rows for the memory
 * repository (`authorRecords`, `bookRecords`) and for PostgreSQL (`generateSql`, filled by `generate_series`).
 */
import { z } from 'zod';
import { defineResource } from 'pagelope';

const authorSchema = z.object({ id: z.string(), fullName: z.string(), country: z.string() });
const reviewSchema = z.object({ id: z.string(), bookId: z.string(), rating: z.number().int(), body: z.string() });
const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorId: z.string().nullable(),
  year: z.number().int(),
});

/** An author. */
export type Author = z.infer<typeof authorSchema>;
/** A book. */
export type Book = z.infer<typeof bookSchema>;
/** A review of a book. */
export type Review = z.infer<typeof reviewSchema>;

/** The authors resource: `fullName` filterable with `eq` and `cont`. */
export const authors = defineResource({
  name: 'authors',
  schema: authorSchema,
  filterable: { fullName: ['eq', 'cont'] },
  sortable: ['fullName'],
});

/** The reviews resource. */
export const reviews = defineResource({
  name: 'reviews',
  schema: reviewSchema,
  filterable: ['bookId', 'rating'],
  sortable: ['rating'],
});

/** The books resource, with its to-one `author` and to-many `reviews` relations. */
export const books = defineResource({
  name: 'books',
  schema: bookSchema,
  filterable: ['year', 'authorId', 'author.fullName', 'reviews.rating'],
  sortable: ['year', 'author.fullName'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: 20 },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
});

/** Page size of every relation benchmark. */
export const LIMIT = 20;

/** The given names, one per author in turn; `cont` on one of them selects one author in {@link GIVEN_NAMES}.length. */
const GIVEN_NAMES = [
  'Agatha',
  'Borges',
  'Colette',
  'Dumas',
  'Eliot',
  'Flaubert',
  'Goethe',
  'Hesse',
  'Ibsen',
  'Joyce',
  'Kafka',
  'Lorca',
  'Mishima',
  'Neruda',
  'Orwell',
  'Proust',
] as const;

/** The value of the relation filter: the given name of one author in 16 (so about one book in 16 matches). */
export const AUTHOR_NAME_PART = 'Kafka';

const COUNTRIES = ['fr', 'de', 'es', 'gb', 'jp', 'ar', 'cl', 'no'] as const;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The id of author `i` (1-based). */
export const authorId = (i: number): string => `author-${pad(i, 5)}`;
/** The id of book `j` (1-based). */
export const bookId = (j: number): string => `book-${pad(j, 7)}`;

/** The author (1-based) of book `j`, or 0 for none (one book in 1,000). */
export const authorOf = (j: number, authorCount: number): number =>
  j % 1000 === 0 ? 0 : ((j * 7919) % authorCount) + 1;

/** `count` authors. */
export function authorRecords(count: number): Author[] {
  return Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    return {
      id: authorId(i),
      fullName: `${GIVEN_NAMES[i % GIVEN_NAMES.length] as string} Writer${pad(i, 5)}`,
      country: COUNTRIES[i % COUNTRIES.length] as string,
    };
  });
}

/** `count` books over `authorCount` authors. */
export function bookRecords(count: number, authorCount: number): Book[] {
  return Array.from({ length: count }, (_, k) => {
    const j = k + 1;
    const author = authorOf(j, authorCount);
    return {
      id: bookId(j),
      title: `Book ${j}`,
      authorId: author === 0 ? null : authorId(author),
      year: 1950 + (j % 75),
    };
  });
}

/** Sizes of one data set. */
export interface RelationSizes {
  readonly authors: number;
  readonly books: number;
  /** Reviews per book (0: none). */
  readonly reviewsPerBook: number;
}

const sqlArray = (values: readonly string[]): string => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/**
 * The `INSERT ... SELECT generate_series` statements that fill the three tables with the rows of
 * {@link authorRecords}, {@link bookRecords} and the reviews (review `k` of book `j`: id `review-<j>-<k>`, rating
 * `(31 j + 7 k) mod 5 + 1`), given the tables' quoted names and column names as `createTableSql` makes them.
 */
export function generateSql(
  sizes: RelationSizes,
  tables: { readonly authors: string; readonly books: string; readonly reviews: string },
): string[] {
  const { authors: a, books: b, reviewsPerBook: r } = sizes;
  return [
    `INSERT INTO ${tables.authors} ("id", "fullName", "country")
     SELECT 'author-' || lpad(i::text, 5, '0'),
            (${sqlArray(GIVEN_NAMES)})[i % ${GIVEN_NAMES.length} + 1] || ' Writer' || lpad(i::text, 5, '0'),
            (${sqlArray(COUNTRIES)})[i % ${COUNTRIES.length} + 1]
     FROM generate_series(1, ${a}) AS i`,
    `INSERT INTO ${tables.books} ("id", "title", "authorId", "year")
     SELECT 'book-' || lpad(j::text, 7, '0'), 'Book ' || j,
            CASE WHEN j % 1000 = 0 THEN NULL ELSE 'author-' || lpad(((j::bigint * 7919) % ${a} + 1)::text, 5, '0') END,
            1950 + j % 75
     FROM generate_series(1, ${b}) AS j`,
    ...(r === 0
      ? []
      : [
          `INSERT INTO ${tables.reviews} ("id", "bookId", "rating", "body")
           SELECT 'review-' || lpad(j::text, 7, '0') || '-' || lpad(k::text, 2, '0'), 'book-' || lpad(j::text, 7, '0'),
                  (31 * j + 7 * k) % 5 + 1, 'Review ' || k || ' of book ' || j
           FROM generate_series(1, ${b}) AS j, generate_series(1, ${r}) AS k`,
        ]),
  ];
}
