import { keyOf, listByValues, type RecordId, type Repository } from 'pagelope/kit';
import type { SqlRelation } from './bind-relations';

type Row = Readonly<Record<string, unknown>>;

/**
 * The records of `relation`'s related resource whose ids are among `values` (the parents' relating values; `null`
 * and repeated ones are left out) within the binding's scope, by `keyOf` their id (the first of a repeated id),
 * through the bound repository: its `listByValues` or, lacking it, the kit's `listByValues` fallback. What a
 * statement reads of a relation bound elsewhere (memory, another database) to sort by its fields.
 *
 * @throws Error or HttpError as the related repository does.
 */
export async function readRelated(
  relation: Pick<SqlRelation<unknown>, 'binding' | 'resource'>,
  values: readonly unknown[],
): Promise<ReadonlyMap<unknown, Row>> {
  const ids = [...new Map(values.filter((value) => value != null).map((value) => [keyOf(value), value])).values()];
  const byId = new Map<unknown, Row>();
  if (ids.length === 0) return byId;
  // A related repository's records are rows of its resource, whatever its record type.
  const repository = relation.binding.repository as Repository<Row>;
  const { resource, binding } = relation;
  const { idField } = resource;
  const options = { scope: binding.scope, ordered: false };
  const found = repository.listByValues
    ? await repository.listByValues(idField, ids as RecordId[], options)
    : await listByValues(repository, { resource, field: idField, values: ids as RecordId[], scope: binding.scope });
  for (const record of found) {
    const id = record[idField];
    if (id != null && !byId.has(keyOf(id))) byId.set(keyOf(id), record);
  }
  return byId;
}
