import { listByValues, type RecordId, type RelationBinding, type Repository, type Resource } from 'pagelope/kit';

type Row = Readonly<Record<string, unknown>>;

/**
 * The records of the related `resource` whose ids are `ids` (within the binding's scope), through the bound
 * repository: its `listByValues` (in no particular order) or, lacking it, the kit's `listByValues` fallback. What a
 * statement reads of a relation bound elsewhere (memory, another database) to sort by its fields.
 *
 * @throws Error or HttpError as the related repository does.
 */
export async function readRelated(
  binding: RelationBinding,
  resource: Resource<Row>,
  ids: readonly RecordId[],
): Promise<readonly Row[]> {
  if (ids.length === 0) return [];
  // A related repository's records are rows of its resource, whatever its record type.
  const repository = binding.repository as Repository<Row>;
  const { idField } = resource;
  const { scope } = binding;
  return repository.listByValues
    ? repository.listByValues(idField, ids, { scope, ordered: false })
    : listByValues(repository, { resource, field: idField, values: ids, scope });
}
