import { keyOf, type NormalizedQuery, type RelationBinding, type Resource } from 'pagelope/kit';
import { bindRelations, pathReadsOf, planOrderPaths, readPathValues, relationPathsOf } from '../../sql/index';

type Row = Readonly<Record<string, unknown>>;

/**
 * `records` with each to-one relation path of the order (`'author.fullName'`) set to the related record's value
 * (`null` without a related record within the related scope), as the kit's comparator and cursors read it: the
 * related records are read through the bound repository, one `listByValues` (or the kit's fallback) per relation
 * for the distinct relating values (the SQL engine's `readPathValues`). Without a path in the order, `records` as
 * they are.
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
  const relations = bindRelations(query, resource, bindings, () => undefined);
  const paths = planOrderPaths(relationPathsOf(query, relations));
  if (paths.length === 0) return records;
  const read = new Map<unknown, ReadonlyMap<unknown, { readonly values: readonly unknown[] }>>();
  for (const of of pathReadsOf(paths)) {
    read.set(
      of,
      await readPathValues(
        of,
        records.map((record) => record[of.relation.field]),
      ),
    );
  }
  return records.map((record) => {
    const values = paths.map(({ path, read: of, slot }) => {
      const found = read.get(of)?.get(keyOf(record[of.relation.field]));
      return [path, found?.values[slot] ?? null] as const;
    });
    return { ...record, ...Object.fromEntries(values) };
  });
}
