import { listByValues, type Repository, type ScopeOptions } from '../kit/index';
import { notFoundError, type RecordId, type Resource } from '../resource/index';
import type { BatchDeps } from './batch-deps';
import type { BatchProblems } from './batch-problems';

type Row = Record<string, unknown>;

/** The message of the 404 of a missing id of `resource`. */
export function missingMessage(resource: Resource, id: unknown): string {
  const message = notFoundError(resource, id).message;
  return typeof message === 'string' ? message : message.join('; ');
}

/**
 * The stored records of `ids` within `where` (`undefined` for a missing one), in the order of `ids`: one
 * `listByValues` of the repository, or the kit's.
 */
export async function currentOf<TRecord>(
  resource: Resource,
  repository: Repository<TRecord>,
  given: readonly (RecordId | undefined)[],
  where: ScopeOptions<TRecord> | undefined,
): Promise<(Row | undefined)[]> {
  const field = resource.idField as keyof TRecord & string;
  const scope = where?.scope;
  const ids = given.filter((id): id is RecordId => id !== undefined);
  if (ids.length === 0) return given.map(() => undefined);
  const found = repository.listByValues
    ? await repository.listByValues(field, ids, { scope, ordered: false, fresh: where?.fresh })
    : await listByValues(repository, { resource: resource as Resource<TRecord>, field, values: ids, scope });
  const byId = new Map(found.map((record) => [(record as Row)[field], record as Row]));
  return given.map((id) => (id === undefined ? undefined : byId.get(id)));
}

/**
 * The ids of a batch, each as the id field's schema reads it (`undefined` where there is none): a missing one, or
 * one that is neither a string nor a number, is a 400; a string or number the schema cannot read the 404 of a
 * missing id (as in a path); one given twice a 400 (all noted in `problems`). Items of `skip` are left out.
 */
export function idsOf(
  deps: Pick<BatchDeps<unknown, unknown>, 'resource' | 'recordIdOf'>,
  values: readonly unknown[],
  problems: BatchProblems,
  at: (index: number) => string,
  skip: ReadonlySet<number> = new Set(),
): (RecordId | undefined)[] {
  const ids: (RecordId | undefined)[] = [];
  const seen = new Set<unknown>();
  values.forEach((value, index) => {
    ids.push(undefined);
    if (skip.has(index)) return;
    if (value === undefined) {
      problems.note(index, `${at(index)}required`);
      return;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      problems.note(index, `${at(index)}must be an id (a string or a number)`);
      return;
    }
    const id = deps.recordIdOf(value);
    if (id === undefined) problems.note(index, `${at(index)}${missingMessage(deps.resource, value)}`, 404);
    else if (seen.has(id)) problems.note(index, `${at(index)}${JSON.stringify(id)} is given twice`);
    seen.add(id);
    ids[index] = id;
  });
  return ids;
}
