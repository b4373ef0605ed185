/**
 * The reference model of the contract, written from the rules rather than from any implementation: filter with the
 * where (an OR of clauses) and the search, then sort with the id tie-breaker, strings by code point, nulls last
 * ascending and first descending.
 */

/** A record as the reference model reads it. */
export type Row = Readonly<Record<string, unknown>>;

/** The search of the reference model: the text as given and the fields it looks in. */
export interface ReferenceSearch {
  readonly text: string;
  readonly fields: readonly string[];
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const keyOf = (value: unknown): unknown =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'string' && DATE_TEXT.test(value)
      ? Date.parse(value)
      : value;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}T/;
const lower = (value: unknown): string => String(value).toLowerCase();

function referenceTest(op: string, value: unknown, operand: unknown): boolean {
  if (op === 'isnull') return value === null || value === undefined;
  if (op === 'notnull') return value !== null && value !== undefined;
  if (value === null || value === undefined) return false; // SQL: no operator but isnull matches a null
  const list = operand as readonly unknown[];
  const v = keyOf(value);
  switch (op) {
    case 'eq':
      return v === keyOf(operand);
    case 'ne':
      return v !== keyOf(operand);
    case 'gt':
      return (v as number) > (keyOf(operand) as number);
    case 'gte':
      return (v as number) >= (keyOf(operand) as number);
    case 'lt':
      return (v as number) < (keyOf(operand) as number);
    case 'lte':
      return (v as number) <= (keyOf(operand) as number);
    case 'between':
      return (v as number) >= (keyOf(list[0]) as number) && (v as number) <= (keyOf(list[1]) as number);
    case 'in':
      return list.some((x) => keyOf(x) === v);
    case 'notin':
      return !list.some((x) => keyOf(x) === v);
    case 'cont':
      return String(value).includes(String(operand));
    case 'excl':
      return !String(value).includes(String(operand));
    case 'starts':
      return String(value).startsWith(String(operand));
    case 'ends':
      return String(value).endsWith(String(operand));
    case 'eql':
      return lower(value) === lower(operand);
    case 'nel':
      return lower(value) !== lower(operand);
    case 'contl':
      return lower(value).includes(lower(operand));
    case 'excll':
      return !lower(value).includes(lower(operand));
    case 'startsl':
      return lower(value).startsWith(lower(operand));
    case 'endsl':
      return lower(value).endsWith(lower(operand));
    case 'inl':
      return list.some((x) => lower(x) === lower(value));
    case 'notinl':
      return !list.some((x) => lower(x) === lower(value));
    default:
      throw new Error(`the reference model does not know operator ${op}`);
  }
}

/** Whether a record matches one clause of a `where` (its fields' conditions, ANDed). */
export function referenceMatches(record: Row, clause: Row): boolean {
  return Object.entries(clause).every(([field, condition]) => {
    const value = record[field];
    if (condition === null) return value === null || value === undefined;
    if (!isPlain(condition)) return referenceTest('eq', value, condition);
    return Object.entries(condition).every(([op, operand]) => referenceTest(op, value, operand));
  });
}

/** Strings by the byte order of their UTF-8 encoding, which is Unicode code point order. */
export function referenceCompareValues(x: unknown, y: unknown): number {
  if (typeof x === 'string' && typeof y === 'string')
    return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
  if (typeof x === 'boolean' && typeof y === 'boolean') return x === y ? 0 : x ? 1 : -1;
  const a = keyOf(x) as number;
  const b = keyOf(y) as number;
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Whether a record matches a search: some searched field holds a string that contains the text, both lower-cased by
 * `toLowerCase()`, literally. A null or missing field never matches (not even a search for "null").
 */
export function referenceSearchMatches(record: Row, search: ReferenceSearch): boolean {
  const needle = search.text.toLowerCase();
  return search.fields.some((field) => {
    const value = record[field];
    return typeof value === 'string' && String(value).toLowerCase().includes(needle);
  });
}

/**
 * Filters with the where (an OR of clauses) and the search, if any, then sorts by the order with the id tie-breaker
 * appended.
 */
export function referenceList<TRecord extends { readonly id: string }>(
  records: readonly TRecord[],
  where: unknown,
  orderBy: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[],
  search?: ReferenceSearch,
): TRecord[] {
  const clauses: readonly Row[] = where === undefined ? [{}] : Array.isArray(where) ? (where as Row[]) : [where as Row];
  const terms = orderBy.some((term) => term.field === 'id')
    ? orderBy
    : [...orderBy, { field: 'id', direction: 'asc' as const }];
  const matches = records.filter(
    (record) =>
      clauses.some((clause) => referenceMatches(record as unknown as Row, clause)) &&
      (search === undefined || referenceSearchMatches(record as unknown as Row, search)),
  );
  return [...matches].sort((a, b) => {
    for (const { field, direction } of terms) {
      const x = (a as unknown as Row)[field];
      const y = (b as unknown as Row)[field];
      const xNull = x === null || x === undefined;
      const yNull = y === null || y === undefined;
      // nulls after every value ascending, before every value descending: the null rule flips with the direction
      const result = xNull || yNull ? (xNull === yNull ? 0 : xNull ? 1 : -1) : referenceCompareValues(x, y);
      if (result !== 0) return direction === 'asc' ? result : -result;
    }
    return 0;
  });
}
