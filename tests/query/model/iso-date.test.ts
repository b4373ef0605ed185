import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  defineResource,
  isHttpError,
  OPERATORS,
  parseCursorQuery,
  parseListQuery,
} from '../../../src/index';
import { compileQueryPredicate, normalizeListInput } from '../../../src/kit/index';
import { rejectionOf } from '../../support/rejection-of';

const books = defineResource({
  name: 'books',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    publishedOn: z.iso.date(),
    reprintedOn: z.iso.date().nullable(),
  }),
  filterable: ['publishedOn', 'reprintedOn'],
  sortable: ['publishedOn'],
  clientIds: true,
});

const SEED = [
  { id: 'b1', title: 'one', publishedOn: '2000-01-05', reprintedOn: null },
  { id: 'b2', title: 'two', publishedOn: '1999-12-31', reprintedOn: '2010-06-01' },
  { id: 'b3', title: 'three', publishedOn: '2000-01-04', reprintedOn: null },
  { id: 'b4', title: 'four', publishedOn: '0001-01-01', reprintedOn: '9999-12-31' },
  { id: 'b5', title: 'five', publishedOn: '2024-02-29', reprintedOn: null },
];

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('isoDate fields', () => {
  it('reads z.iso.date() as the isoDate kind with the date operators', () => {
    expect(books.fields.get('publishedOn')).toMatchObject({ kind: 'isoDate', nullable: false });
    expect([...(books.filterable.get('publishedOn') ?? [])].sort()).toStrictEqual(
      ['between', 'eq', 'gt', 'gte', 'in', 'lt', 'lte', 'ne', 'notin'].sort(),
    );
    expect([...(books.filterable.get('reprintedOn') ?? [])]).toContain('isnull');
    for (const op of ['cont', 'starts', 'eql', 'inl'] as const) expect(OPERATORS[op].kinds).not.toContain('isoDate');
  });

  it.each([
    { query: 'publishedOn[eq]=2000-01-05', expected: ['b1'] },
    { query: 'publishedOn[ne]=2000-01-05', expected: ['b2', 'b3', 'b4', 'b5'] },
    { query: 'publishedOn[gt]=2000-01-04', expected: ['b1', 'b5'] },
    { query: 'publishedOn[gte]=2000-01-04', expected: ['b1', 'b3', 'b5'] },
    { query: 'publishedOn[lt]=2000-01-01', expected: ['b2', 'b4'] },
    { query: 'publishedOn[lte]=0001-01-01', expected: ['b4'] },
    { query: 'publishedOn[between]=1999-12-31&publishedOn[between]=2000-01-04', expected: ['b2', 'b3'] },
    { query: 'publishedOn[in]=2024-02-29&publishedOn[in]=0001-01-01', expected: ['b4', 'b5'] },
    { query: 'publishedOn[notin]=2024-02-29', expected: ['b1', 'b2', 'b3', 'b4'] },
    { query: 'reprintedOn[isnull]', expected: ['b1', 'b3', 'b5'] },
    { query: 'reprintedOn[notnull]', expected: ['b2', 'b4'] },
    { query: 'reprintedOn[gte]=9999-12-31', expected: ['b4'] },
  ])('filters $query in memory as the reference predicate does', async ({ query, expected }) => {
    const repository = createMemoryRepository(books, { records: SEED });
    const page = await repository.list(parseListQuery(query, books));
    expect(ids(page.items)).toStrictEqual(expected);
    const test = compileQueryPredicate(normalizeListInput(parseListQuery(query, books), books));
    expect(SEED.filter((record) => test(record)).map((record) => record.id)).toStrictEqual(expected);
  });

  it('sorts as dates and walks cursors by them', async () => {
    const repository = createMemoryRepository(books, { records: SEED });
    const sorted = ids((await repository.list(parseListQuery('orderBy=publishedOn', books))).items);
    expect(sorted).toStrictEqual(['b4', 'b2', 'b3', 'b1', 'b5']);
    const walked: string[] = [];
    let cursor: string | null = '';
    do {
      const page = await repository.listByCursor(
        parseCursorQuery({ orderBy: 'publishedOn', orderDirection: 'DESC', limit: '2', cursor }, books),
      );
      walked.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(walked).toStrictEqual([...sorted].reverse());
  });

  it.each([
    { name: 'year 0000', value: '0000-12-31' },
    { name: 'a five-digit year', value: '10000-01-01' },
    { name: 'February 30', value: '2024-02-30' },
    { name: 'February 29 of a common year', value: '2023-02-29' },
    { name: 'month 13', value: '2024-13-01' },
    { name: 'a date-time', value: '2024-01-01T00:00:00Z' },
    { name: 'a short form', value: '2024-1-1' },
    { name: 'a signed year', value: '+2024-01-01' },
    { name: 'Arabic-Indic digits', value: '٢٠٢٤-01-01' },
    { name: 'an empty value', value: '' },
    { name: 'a NUL character', value: '2024-01-01\u0000' },
    { name: 'a long text', value: '2024-01-01'.repeat(200) },
    { name: 'a word', value: 'today' },
    { name: '__proto__', value: '__proto__' },
  ])('throws a 400 naming the parameter for $name', ({ value }) => {
    for (const op of ['eq', 'gt', 'in'])
      try {
        parseListQuery(`publishedOn[${op}]=${encodeURIComponent(value)}`, books);
        expect.unreachable(`publishedOn[${op}]=${value} was accepted`);
      } catch (error) {
        expect(isHttpError(error) && error.statusCode).toBe(400);
        expect(String((error as { message: string[] }).message[0])).toMatch(new RegExp(`^publishedOn\\[${op}\\] `));
      }
  });

  it('refuses programmatic values that are not calendar dates, a Date included', async () => {
    const repository = createMemoryRepository(books, { records: SEED });
    for (const value of [new Date('2000-01-05T00:00:00Z'), 20000105, '2000-1-5', '0000-01-01']) {
      const error = await rejectionOf(repository.list({ where: { publishedOn: { eq: value as string } } }));
      expect(error).toMatchObject({
        statusCode: 400,
        message: [expect.stringMatching(/^where\.publishedOn\.eq must be a calendar date YYYY-MM-DD/)],
      });
    }
  });

  it('stores YYYY-MM-DD strings from bodies and refuses year 0000 and non-dates with a 400 naming the field', async () => {
    const repository = createMemoryRepository(books);
    const stored = await repository.create({ id: 'n1', title: 'x', publishedOn: '2000-01-05', reprintedOn: null });
    expect(stored.publishedOn).toBe('2000-01-05');
    for (const publishedOn of ['0000-01-01', '2024-02-30', '2000-01-05T00:00:00Z']) {
      const error = await rejectionOf(repository.create({ id: 'n2', title: 'x', publishedOn, reprintedOn: null }));
      expect(error).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^publishedOn: /)] });
    }
    const patch = await rejectionOf(repository.update('n1', { publishedOn: '0000-01-01' }));
    expect(patch).toMatchObject({
      statusCode: 400,
      message: ['publishedOn: must be a date in the years 0001 to 9999'],
    });
  });
});
