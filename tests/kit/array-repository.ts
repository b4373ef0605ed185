/**
 * A repository a third party could write: an array, and nothing of pagelope but its public entries `pagelope` and
 * `pagelope/kit`. It answers every query the reference way (filter, sort, slice), which is what the kit's predicate
 * and comparator are for; the shared contract (`pagelope/testing`) holds it to the same behaviour as the memory and
 * PostgreSQL repositories.
 */
import { randomUUID } from 'node:crypto';
import type { CursorInput, CursorPage, ListInput, Repository, Resource } from 'pagelope';
import type { CreateInput, Patch, ScopeOptions } from 'pagelope/kit';
import {
  compileAfterCursor,
  compileComparator,
  compilePredicate,
  compileQueryPredicate,
  duplicateIdError,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  normalizeScope,
  notFoundError,
  ownPageResult,
  exactTotalMeta,
  type RepositoryPage,
  validateCreate,
  validatePatch,
  validateReplace,
  type NormalizedQuery,
} from 'pagelope/kit';

type Row = Record<string, unknown>;

/** Creates a repository of `resource` over a plain array, seeded with copies of `records` (each validated). */
export function createArrayRepository<TRecord>(
  resource: Resource<TRecord>,
  records: Iterable<CreateInput<TRecord>> = [],
): Repository<TRecord> {
  const rows: Row[] = [];
  const idField = resource.idField;
  const copy = (row: Row): TRecord => structuredClone(row) as TRecord;

  /** The position of the record with this id, when it also lies in the scope; else the 404 of a missing id. */
  const indexOf = (id: unknown, options?: ScopeOptions<TRecord>): number => {
    // The scope is checked first: an invalid one is a server fault whether or not the id exists.
    const inScope = options?.scope == null ? () => true : compilePredicate(normalizeScope(options.scope, resource));
    const index = rows.findIndex((row) => row[idField] === id);
    if (index < 0 || !inScope(rows[index] as Row)) throw notFoundError(resource, id);
    return index;
  };
  const insert = (data: unknown): Row => {
    const validated = validateCreate(resource, data);
    const record = validated[idField] === undefined ? { [idField]: randomUUID(), ...validated } : validated;
    if (rows.some((row) => row[idField] === record[idField])) throw duplicateIdError(resource, record[idField]);
    rows.push(structuredClone(record));
    return record;
  };
  /** The query's matches in its order (the id ends every order, so it is total). */
  const matches = (query: NormalizedQuery): Row[] =>
    rows.filter(compileQueryPredicate(query)).sort(compileComparator(query.order));
  /** A copy for the caller: the whole record, or the selected fields it holds (the selection lists the id). */
  const output = (row: Row, select: readonly string[] | null | undefined): TRecord =>
    copy(
      select ? Object.fromEntries(select.filter((field) => Object.hasOwn(row, field)).map((f) => [f, row[f]])) : row,
    );

  for (const record of records) insert(record);

  return Object.freeze({
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      return copy(insert(data));
    },
    async get(id: string, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      return copy(rows[indexOf(id, options)] as Row);
    },
    async update(id: string, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const changes = validatePatch(resource, patch, id);
      const index = indexOf(id, options);
      rows[index] = structuredClone({ ...rows[index], ...changes });
      return copy(rows[index] as Row);
    },
    async replace(id: string, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const replacement = validateReplace(resource, data, id);
      const index = indexOf(id, options);
      rows[index] = structuredClone(replacement);
      return copy(replacement);
    },
    async delete(id: string, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const [removed] = rows.splice(indexOf(id, options), 1);
      return copy(removed as Row);
    },
    async list(input?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<RepositoryPage<TRecord>> {
      const query = normalizeListInput(input, resource, { scope: options?.scope });
      const all = matches(query);
      const start = (query.page - 1) * query.limit;
      const items = all.slice(start, start + query.limit).map((row) => output(row, query.select));
      return ownPageResult([...items], exactTotalMeta(query, all.length));
    },
    async listByCursor(input?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>> {
      const query = normalizeCursorInput(input, resource, { scope: options?.scope });
      // One more than a page, to learn whether another page follows.
      const next = matches(query)
        .filter(compileAfterCursor(query))
        .slice(0, query.limit + 1);
      const page = next.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor = next.length > query.limit && last ? nextCursorOf(query, last) : null;
      return Object.freeze({ items: Object.freeze(page.map((row) => output(row, query.select))), nextCursor });
    },
  }) as Repository<TRecord>;
}
