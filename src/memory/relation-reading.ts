import {
  HttpError,
  RELATED_READ_LIMIT,
  compilePredicate,
  isRelationCondition,
  keyOf,
  listByValues,
  resolveRelationTerms,
  type RecordId,
  normalizeScope,
  queryWith,
  relationPathOf,
  relationsRead,
  resolveRelations,
  type Condition,
  type NormalizedQuery,
  type RelatedLookup,
  type RelationBinding,
  type Repository,
  type Resource,
  type ResolvedRelation,
} from '../kit/index';
import type { JournaledStore } from './journaled-store';
import { memoryStoreOf, readAsRunning } from './memory-transaction';
import { RELATING } from './indexed-list';
import { relationComparator } from './relation-comparator';

type Row = Readonly<Record<string, unknown>>;
type Comparator = (a: Row, b: Row) => number;
type Groups = readonly (readonly Condition[])[];

const NONE: readonly Row[] = Object.freeze([]);

/** How a listing reads the relations its query names: the related records of a parent, and the order's comparator. */
export interface RelationReading {
  /** The related records of a parent, within the related scope (to-one: none or one). */
  readonly lookup: RelatedLookup;
  /** The comparator of an order that holds to-one paths (`undefined`: the order reads no relation). */
  readonly compare: Comparator | undefined;
  /** `row` with each to-one path of the order set to its value, as a cursor reads it (the row itself without any). */
  cursorRow(row: Row): Row;
  /** Runs `read` on the state of the related stores the running operation sees (see `readAsRunning`). */
  run<T>(read: () => T): T;
  /** The related memory stores read. */
  readonly stores: readonly JournaledStore[];
  /**
   * `query` with each selective to-one term (conditions no absent record meets) evaluated from the related side: the
   * related records within the related scope that meet its conditions are found once (one pass over the related
   * store), and the term becomes an `in` condition on the relating field, so no parent looks up its record.
   */
  fromRelatedSide(query: NormalizedQuery): NormalizedQuery;
}

/**
 * How a memory listing of `resource` reads the relations `query` names, each through its binding: natively when the
 * bound repository is a memory repository (to-one by id in the related store, to-many through the equality index of
 * the relating field, so no parent scans the related set), with the related scope (`query.relationScopes`, else the
 * binding's scope normalized against the related resource) applied to the related records. `undefined` when the
 * query reads no relation (or the resource has none): such a listing does no relation work at all.
 *
 * A relation bound to another kind of repository is read from `foreign` (see {@link prepareForeign}).
 *
 * @throws Error (a server fault) when the query reads a relation the resource does not declare, one without a
 * binding, one bound to a repository that is not a memory repository and not prepared in `foreign`, or sorts by a
 * path of a to-many relation.
 */
export function relationReadingOf(
  resource: Resource,
  query: NormalizedQuery,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  foreign?: ForeignRows,
): RelationReading | undefined {
  if (resource.relations.size === 0) return undefined;
  const names = relationsRead(query);
  if (names.size === 0) return undefined;
  const relations = resolveRelations(resource);
  const readers = new Map<string, (parent: Row) => readonly Row[]>();
  const natives = new Map<string, { relation: ResolvedRelation; store: JournaledStore; scope: Groups }>();
  const stores: JournaledStore[] = [];
  for (const name of names) {
    const relation = relations.get(name);
    if (relation === undefined) throw new Error(`pagelope: "${resource.name}" has no relation ${JSON.stringify(name)}`);
    const binding = Object.prototype.hasOwnProperty.call(bindings ?? {}, name) ? bindings?.[name] : undefined;
    if (binding === undefined) {
      throw new Error(
        `pagelope: the query reads relation "${name}" of "${resource.name}" but no repository is bound to it (options.relations)`,
      );
    }
    const store = memoryStoreOf(binding.repository);
    const fetched = foreign?.get(name);
    if (store === undefined && fetched !== undefined) {
      readers.set(name, fetchedReader(relation, fetched));
      continue;
    }
    if (store === undefined) {
      throw new Error(
        `pagelope: relation "${name}" of "${resource.name}" is bound to a repository that is not a memory repository ` +
          'and was not prepared (prepareForeign)',
      );
    }
    stores.push(store);
    const scope = query.relationScopes?.get(name) ?? scopeOf(binding, relation);
    readers.set(name, readerOf(relation, resource.idField, store, scope));
    if (relation.kind === 'one') natives.set(name, { relation, store, scope });
  }
  const lookup: RelatedLookup = (relation, record) => {
    const read = readers.get(relation);
    if (read === undefined) throw new Error(`pagelope: relation "${relation}" is not read by this query`);
    return read(record);
  };
  const paths = query.order.filter((term) => relationPathOf(term.field) !== undefined);
  for (const term of paths) {
    const name = relationPathOf(term.field)?.relation ?? '';
    if (relations.get(name)?.kind !== 'one')
      throw new Error(`pagelope: "${resource.name}" cannot sort by ${JSON.stringify(term.field)}: not a to-one path`);
  }
  const valueOf = pathValues(lookup);
  return {
    lookup,
    compare: paths.length > 0 ? relationComparator(resource.fields, query.order, valueOf) : undefined,
    cursorRow: (row) => {
      if (paths.length === 0) return row;
      const out: Record<string, unknown> = { ...row };
      for (const term of paths) out[term.field] = valueOf(term.field, row) ?? null;
      return out;
    },
    run: (read) => readAsRunning(stores, read),
    stores,
    fromRelatedSide: (query) => {
      if (natives.size === 0) return query;
      let changed = false;
      const groups = query.groups.map((group) =>
        group.map((term) => {
          const native = isRelationCondition(term) && term.kind === 'one' ? natives.get(term.relation) : undefined;
          if (native === undefined || !isRelationCondition(term) || term.conditions.length === 0) return term;
          const child = compilePredicate([term.conditions]);
          if (child({})) return term;
          changed = true;
          return relatedIdsCondition(native.relation, native.store, native.scope, child);
        }),
      );
      return changed ? queryWith(query, { groups }) : query;
    },
  };
}

/**
 * The `in` condition on a to-one relation's relating field that holds exactly when the parent's related record (by
 * id, within the related scope) meets `child`: the ids of the related records that do, found in one pass.
 */
function relatedIdsCondition(
  relation: ResolvedRelation,
  store: JournaledStore,
  scope: Groups,
  child: (row: Row) => boolean,
): Condition {
  const inScope = scope.length === 1 && scope[0]?.length === 0 ? undefined : compilePredicate(scope);
  const idField = store.idField;
  const ids: unknown[] = [];
  store.scan((row) => void ((inScope === undefined || inScope(row)) && child(row) && ids.push(row[idField])));
  return { field: relation.field, op: 'in', value: ids, [RELATING]: true } as unknown as Condition;
}

/** The related scope of a binding, normalized against the related resource (`[[]]`: none). */
function scopeOf(binding: RelationBinding, relation: ResolvedRelation): Groups {
  return binding.scope == null ? [[]] : normalizeScope(binding.scope, relation.resource);
}

/** The related records of a parent through one relation: by id for to-one, by the relating field's index for many. */
function readerOf(
  relation: ResolvedRelation,
  idField: string,
  store: JournaledStore,
  scope: Groups,
): (parent: Row) => readonly Row[] {
  const inScope = scope.length === 1 && scope[0]?.length === 0 ? undefined : compilePredicate(scope);
  const field = relation.field;
  if (relation.kind === 'one') {
    return (parent) => {
      const id = parent[field];
      if (id == null) return NONE;
      // A hash lookup (the related store's id map, built on first use): a filter may look up every parent's record.
      const row = store.rowById(id);
      return row !== undefined && (inScope === undefined || inScope(row)) ? [row] : NONE;
    };
  }
  const index = store.relatingIndex(field);
  return (parent) => {
    const rows = index.rowsOf(parent[idField]);
    return inScope === undefined || rows.length === 0 ? rows : rows.filter(inScope);
  };
}

/**
 * The value of a to-one path (`'author.fullName'`) for a row: the row's own key of that name when it has one (a cursor
 * key), else the related record's field, `null` when there is none within the related scope. Computed once per row.
 */
function pathValues(lookup: RelatedLookup): (path: string, row: Row) => unknown {
  const cache = new Map<string, Map<Row, unknown>>();
  return (path, row) => {
    if (Object.prototype.hasOwnProperty.call(row, path)) return row[path];
    let values = cache.get(path);
    if (values === undefined) cache.set(path, (values = new Map()));
    if (values.has(row)) return values.get(row);
    const { relation, field } = relationPathOf(path) ?? { relation: '', field: '' };
    const value = lookup(relation, row)[0]?.[field] ?? null;
    values.set(row, value);
    return value;
  };
}

/** The related records read ahead from repositories that are not memory ones, by relation, then by related id key. */
export type ForeignRows = ReadonlyMap<string, ReadonlyMap<unknown, Row>>;

/** A to-one relation's reader over related records read ahead (already within the related scope). */
function fetchedReader(relation: ResolvedRelation, rows: ReadonlyMap<unknown, Row>): (parent: Row) => readonly Row[] {
  return (parent) => {
    const id = parent[relation.field];
    const row = id == null ? undefined : rows.get(keyOf(id));
    return row === undefined ? NONE : [row];
  };
}

/** Whether the query reads a relation bound to a repository that is not a memory repository. */
export function readsForeign(
  resource: Resource,
  query: NormalizedQuery,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
): boolean {
  if (resource.relations.size === 0) return false;
  for (const name of relationsRead(query)) {
    const binding = Object.prototype.hasOwnProperty.call(bindings ?? {}, name) ? bindings?.[name] : undefined;
    if (binding !== undefined && memoryStoreOf(binding.repository) === undefined) return true;
  }
  return false;
}

/**
 * The kit fallback for relations bound to repositories that are not memory ones (another database, a remote
 * service): when the filter holds a term of such a relation, every relation term becomes conditions on the books'
 * own fields (`resolveRelationTerms`, bounded by `RELATED_READ_LIMIT` related records); each to-one path of the order
 * bound that way has its related records read ahead by id, within the related scope, through the related
 * repository's `listByValues` (or the kit's): the distinct relating values of every stored parent, at most
 * `RELATED_READ_LIMIT` of them.
 *
 * @throws HttpError 400 when a sort by a path would read more than `RELATED_READ_LIMIT` related records; whatever
 * `resolveRelationTerms` and the related repository throw.
 */
export async function prepareForeign(
  resource: Resource,
  query: NormalizedQuery,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  relatingValues: (field: string) => readonly unknown[],
): Promise<{ readonly query: NormalizedQuery; readonly foreign: ForeignRows }> {
  const relations = resolveRelations(resource);
  const bindingOf = (name: string) =>
    Object.prototype.hasOwnProperty.call(bindings ?? {}, name) ? bindings?.[name] : undefined;
  const isForeign = (name: string) => {
    const binding = bindingOf(name);
    return binding !== undefined && memoryStoreOf(binding.repository) === undefined;
  };
  const foreignTerm = query.groups.some((group) =>
    group.some((term) => isRelationCondition(term) && isForeign(term.relation)),
  );
  const resolved = foreignTerm ? await resolveRelationTerms(query, { resource, relations: bindings }) : query;
  const foreign = new Map<string, Map<unknown, Row>>();
  for (const term of resolved.order) {
    const name = relationPathOf(term.field)?.relation;
    const relation = name === undefined ? undefined : relations.get(name);
    const binding = name === undefined ? undefined : bindingOf(name);
    if (!name || !relation || relation.kind !== 'one' || !binding || !isForeign(name) || foreign.has(name)) continue;
    const values = relatingValues(relation.field) as RecordId[];
    if (values.length > RELATED_READ_LIMIT) {
      throw new HttpError(
        400,
        `orderBy: sorting by ${JSON.stringify(term.field)} reads more than ${RELATED_READ_LIMIT} related records`,
      );
    }
    const related = relation.resource;
    const idField = related.idField;
    const scope = binding.scope;
    // A related repository's records are rows of its resource, whatever its record type.
    const repository = binding.repository as Repository<Row>;
    const rows = repository.listByValues
      ? await repository.listByValues(idField, values, { scope })
      : await listByValues(repository, { resource: related, field: idField, values, scope });
    foreign.set(name, new Map(rows.map((row) => [keyOf(row[idField]), row])));
  }
  return { query: resolved, foreign };
}
