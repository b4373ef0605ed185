import { plainDecimal, unexpressible } from './format-value';
import type { ClientCursorInput, ClientListInput, DefaultRelations } from './relation-types';
import { encodeText, writeWhere } from './write-where';

/**
 * Input of {@link toQueryString}: a page query (`page`) or a cursor query (`cursor`), never both, with relation
 * filters and sorts, `include` and `counts` as `TRelations` allows them.
 */
export type QueryInput<TRecord = Record<string, unknown>, TRelations extends object = DefaultRelations<TRecord>> =
  | (ClientListInput<TRecord, TRelations> & { readonly cursor?: undefined })
  | (ClientCursorInput<TRecord, TRelations> & { readonly page?: undefined });

const INPUT_KEYS: ReadonlySet<string> = new Set([
  'where',
  'search',
  'select',
  'include',
  'counts',
  'orderBy',
  'limit',
  'page',
  'cursor',
  'deleted',
  'total',
]);

/**
 * Writes a programmatic list or cursor query as a query string in the shorthand grammar the server parses
 * (`parseListQuery`, `parseCursorQuery`), without a leading `?`; `''` when the input names nothing.
 *
 * `{ field: value }` is written `field[eq]=value`, `{ field: null }` and `{ field: { isnull: true } }`
 * `field[isnull]=true`, a list or `between` operator as one repeated key per value, Dates as ISO 8601, an OR array
 * of clauses as OR groups (`or[0][field][op]=v&or[1][...]`), `search=text`, `select=a,b`, `include=a,b`,
 * `counts=a`, `deleted=include` or `deleted=only` (last; for a route with the `deleted` option), and `orderBy` as comma lists of fields (or to-one relation paths) and upper-case directions. A
 * relation condition is written as relation paths: `{ author: { fullName: { cont: 'ann' } } }` as
 * `author.fullName[cont]=ann`, `{ reviews: { all: { rating: { gte: 4 } } } }` as
 * `reviews.rating[gte]=4&reviews[match]=all` (`any`, the default, writes no `match`). A condition object is read as
 * a relation's when none of its keys is an operator, as a to-many one's when its keys are all `any`, `all` or
 * `none`. Keys and values are percent-encoded with `encodeURIComponent`; the brackets of `field[op]` stay as they
 * are, which the parser reads either way.
 *
 * `TRecord` (and `TRelations`, `{ author: Author; reviews: Review[] }`) is never inferred from the input: give it
 * (`toQueryString<User>(...)`) to have the fields checked.
 *
 * @throws TypeError for input the grammar cannot express, rather than a different query: an empty OR array or an
 * OR clause without conditions, an unknown operator, an operator without an operand it takes (`in: []`, `between`
 * with one value, `isnull: false`), a non-finite number, an invalid Date, a value of another type, an unsafe or
 * bracketed field name (`__proto__`, `a[b]`), a `select` name with a comma, a non-string `search`, an unknown input
 * key, a `deleted` other than `'include'` or `'only'`, `page` and `cursor` together, and the relation conditions HTTP has no text for: a relation condition with no
 * field condition, a two-hop path, two quantifiers of one relation (or an array of more than one clause), and `all`
 * or `none` inside an OR clause.
 * @example
 * toQueryString({
 *   where: { age: { gte: 18, lt: 65 }, status: { in: ['a', 'b'] } },
 *   orderBy: [{ field: 'age', direction: 'desc' }, { field: 'createdAt', direction: 'asc' }],
 *   limit: 20,
 *   page: 2,
 * });
 * // 'age[gte]=18&age[lt]=65&status[in]=a&status[in]=b&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=20&page=2'
 */
export function toQueryString<TRecord = Record<string, unknown>, TRelations extends object = DefaultRelations<TRecord>>(
  input: NoInfer<QueryInput<TRecord, TRelations>> = {},
): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(
      'toQueryString: the input must be an object of where, search, select, include, counts, orderBy, limit, page, cursor, deleted or total',
    );
  }
  const options = input as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(options)) {
    if (!INPUT_KEYS.has(key) && options[key] !== undefined)
      throw unexpressible(`the input key ${key}`, 'an unknown key');
  }
  const parts: string[] = [];
  writeWhere(options['where'], parts);
  writeSearch(options['search'], parts);
  writeSelect(options['select'], parts);
  writeNames(options['include'], 'include', parts);
  writeNames(options['counts'], 'counts', parts);
  writeOrder(options['orderBy'], parts);
  writeCount(options['limit'], 'limit', parts);
  if (options['page'] !== undefined && options['cursor'] !== undefined && options['cursor'] !== null) {
    throw new TypeError('toQueryString: page and cursor cannot be given together');
  }
  writeCount(options['page'], 'page', parts);
  const cursor = options['cursor'];
  if (cursor !== undefined && cursor !== null) {
    if (typeof cursor !== 'string') throw unexpressible('cursor', `${typeof cursor} instead of a string`);
    // An empty cursor means "from the start", as leaving it out does.
    if (cursor !== '') parts.push(`cursor=${encodeText(cursor, 'cursor')}`);
  }
  writeDeleted(options['deleted'], parts);
  writeTotal(options['total'], parts);
  return parts.join('&');
}

/** `search=text`: any text the server bounds (1 to 200 characters) is sent, and a 400 answers it out of bounds. */
function writeSearch(search: unknown, parts: string[]): void {
  if (search === undefined) return;
  if (typeof search !== 'string') throw unexpressible('search', `${typeof search} instead of a string`);
  parts.push(`search=${encodeText(search, 'search')}`);
}

/** `select=a,b`: the field names as one comma list, so a name holding a comma cannot be written. */
function writeSelect(select: unknown, parts: string[]): void {
  if (select === undefined) return;
  if (!Array.isArray(select)) throw unexpressible('select', 'something other than an array of field names');
  const names = select.map((name: unknown, i) => {
    if (typeof name !== 'string' || name === '' || name.includes(',')) {
      throw unexpressible(`select[${i}]`, typeof name === 'string' ? JSON.stringify(name) : typeof name);
    }
    return encodeText(name, `select[${i}]`);
  });
  // `select: []` is written `select=`, which the server refuses as the programmatic path does (no field named).
  parts.push(`select=${names.join(',')}`);
}

/**
 * `include=author,reviews` and `counts=reviews`: the relation names as one comma list. `[]` names none, as leaving
 * the key out does (the grammar has no empty list).
 */
function writeNames(names: unknown, key: 'include' | 'counts', parts: string[]): void {
  if (names === undefined) return;
  if (!Array.isArray(names)) throw unexpressible(key, 'something other than an array of relation names');
  if (names.length === 0) return;
  const written = names.map((name: unknown, i) => {
    if (typeof name !== 'string' || name === '' || /[,.[\]]/.test(name)) {
      throw unexpressible(`${key}[${i}]`, typeof name === 'string' ? JSON.stringify(name) : typeof name);
    }
    return encodeText(name, `${key}[${i}]`);
  });
  parts.push(`${key}=${written.join(',')}`);
}

/** `orderBy=a,b&orderDirection=DESC,ASC`: one direction per field, so the server applies each as given. */
function writeOrder(orderBy: unknown, parts: string[]): void {
  if (orderBy === undefined) return;
  if (!Array.isArray(orderBy)) throw unexpressible('orderBy', 'something other than an array of order terms');
  // The programmatic `[]` is "id ascending", which the grammar has no text for: leaving orderBy out is the default.
  if (orderBy.length === 0) throw unexpressible('orderBy', 'an empty array');
  const fields: string[] = [];
  const directions: string[] = [];
  orderBy.forEach((term: unknown, i) => {
    const { field, direction } = (typeof term === 'object' && term !== null ? term : {}) as Record<string, unknown>;
    if (typeof field !== 'string' || field === '' || field.includes(',')) {
      throw unexpressible(`orderBy[${i}].field`, typeof field === 'string' ? JSON.stringify(field) : typeof field);
    }
    if (direction !== 'asc' && direction !== 'desc') {
      throw unexpressible(`orderBy[${i}].direction`, `${String(direction)} instead of 'asc' or 'desc'`);
    }
    fields.push(encodeText(field, `orderBy[${i}].field`));
    directions.push(direction === 'asc' ? 'ASC' : 'DESC');
  });
  parts.push(`orderBy=${fields.join(',')}`, `orderDirection=${directions.join(',')}`);
}

/** `deleted=include` or `deleted=only`: the records of a soft-deleted resource a route with the `deleted` option lists. */
function writeDeleted(deleted: unknown, parts: string[]): void {
  if (deleted === undefined) return;
  if (deleted !== 'include' && deleted !== 'only')
    throw unexpressible('deleted', `${JSON.stringify(deleted) ?? typeof deleted} instead of 'include' or 'only'`);
  parts.push(`deleted=${deleted}`);
}

/** `total=none|estimated|exact` (last; for a route whose `clientTotal` lists the mode). */
function writeTotal(total: unknown, parts: string[]): void {
  if (total === undefined) return;
  if (total !== 'exact' && total !== 'estimated' && total !== 'none')
    throw unexpressible('total', `${JSON.stringify(total) ?? typeof total} instead of 'exact', 'estimated' or 'none'`);
  parts.push(`total=${total}`);
}

/** `limit` and `page`: numbers only, so that a string `'5'` is not read where the programmatic path refuses it. */
function writeCount(value: unknown, name: 'limit' | 'page', parts: string[]): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw unexpressible(name, describeCount(value));
  parts.push(`${name}=${plainDecimal(value)}`);
}

function describeCount(value: unknown): string {
  return typeof value === 'number' ? `the number ${String(value)}` : `${typeof value} instead of a number`;
}
