import {
  compilePredicate,
  relationPathOf,
  resolveRelations,
  type NormalizedQuery,
  type RecordId,
  type RelationBinding,
  type Resource,
} from 'pagelope/kit';

import { readRelated } from '../../sql/index';

type Row = Readonly<Record<string, unknown>>;

/**
 * `records` with each to-one relation path of the order (`'author.fullName'`) set to the related record's value
 * (`null` without a related record within the related scope), as the kit's comparator and cursors read it: the
 * related records are read through the bound repository, one `listByValues` (or the kit's fallback) per relation
 * for the distinct relating values. Without a path in the order, `records` as they are.
 *
 * @throws Error (a server fault) for a path whose relation has no binding; whatever the related repository throws.
 */
export async function readRelationPaths(
  records: readonly Row[],
  query: NormalizedQuery,
  resource: Resource,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
): Promise<readonly Row[]> {
  const paths = query.order.map((term) => term.field).filter((field) => relationPathOf(field) !== undefined);
  if (paths.length === 0 || records.length === 0) return records;
  const relations = resolveRelations(resource);
  const valuesByPath = new Map<string, (record: Row) => unknown>();
  for (const path of paths) {
    const { relation: name, field } = relationPathOf(path) as { relation: string; field: string };
    const relation = relations.get(name);
    const binding = bindings?.[name];
    if (!relation || relation.kind !== 'one' || !binding) {
      throw new Error(`relation "${name}": the order reads it, but it has no binding`);
    }
    const related = relation.resource;
    const values = [...new Set(records.map((record) => record[relation.field] as RecordId))].filter(
      (value) => value != null,
    );
    const found = await readRelated(binding, related, values);
    const inScope = query.relationScopes?.get(name);
    const test = inScope ? compilePredicate(inScope) : () => true;
    const byId = new Map<unknown, Row>();
    for (const item of found) if (test(item)) byId.set(item[related.idField], item);
    valuesByPath.set(path, (record) => byId.get(record[relation.field])?.[field] ?? null);
  }
  return records.map((record) => {
    const withPaths: Record<string, unknown> = { ...record };
    for (const [path, valueOf] of valuesByPath) withPaths[path] = valueOf(record);
    return withPaths;
  });
}
