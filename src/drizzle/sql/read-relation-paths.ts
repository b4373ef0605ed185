import { keyOf, type NormalizedQuery, type RelationBinding, type Resource } from 'pagelope/kit';
import { bindRelations, readRelated, relationPathsOf } from '../../sql/index';

type Row = Readonly<Record<string, unknown>>;

/**
 * `records` with each to-one relation path of the order (`'author.fullName'`) set to the related record's value
 * (`null` without a related record within the related scope), as the kit's comparator and cursors read it: the
 * related records are read through the bound repository, one `listByValues` (or the kit's fallback) per path for
 * the distinct relating values. Without a path in the order, `records` as they are.
 *
 * @throws Error (a server fault) for a path whose relation has no binding; whatever the related repository throws.
 */
export async function readRelationPaths(
  records: readonly Row[],
  query: NormalizedQuery,
  resource: Resource,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
): Promise<readonly Row[]> {
  if (records.length === 0) return records;
  const paths = relationPathsOf(
    query,
    bindRelations(query, resource, bindings, () => undefined),
  );
  if (paths.length === 0) return records;
  const read: [string, (record: Row) => unknown][] = [];
  for (const { path, relation, field } of paths) {
    const byId = await readRelated(
      relation,
      records.map((record) => record[relation.field]),
    );
    read.push([path, (record) => byId.get(keyOf(record[relation.field]))?.[field] ?? null]);
  }
  return records.map((record) => ({ ...record, ...Object.fromEntries(read.map(([path, at]) => [path, at(record)])) }));
}
