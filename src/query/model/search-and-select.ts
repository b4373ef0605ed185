import type { Resource } from '../../resource/index';
import type { SearchTerm } from './normalized-query';
import { quote, type ProblemSink } from '../../errors/index';

/** Bounds of `search`, in characters. */
export const SEARCH_LENGTH = Object.freeze({ min: 1, max: 200 });

/**
 * Validates a search text for a resource: a string of 1 to 200 characters (after decoding, for a query string),
 * with no NUL character, on a resource with searchable fields. Returns the search term, or undefined after
 * reporting the problem (or when `raw` is undefined).
 */
export function resolveSearch(raw: unknown, resource: Resource, problems: ProblemSink): SearchTerm | undefined {
  if (raw === undefined) return undefined;
  if (resource.searchable.length === 0) {
    problems.add(`search: resource ${quote(resource.name)} has no searchable fields`);
    return undefined;
  }
  if (typeof raw !== 'string') {
    problems.add('search must be a string');
    return undefined;
  }
  if (raw.length < SEARCH_LENGTH.min || raw.length > SEARCH_LENGTH.max) {
    problems.add(`search must be ${SEARCH_LENGTH.min} to ${SEARCH_LENGTH.max} characters`);
    return undefined;
  }
  if (raw.includes('\u0000')) {
    problems.add('search must not contain a NUL character');
    return undefined;
  }
  return Object.freeze({ text: raw, needle: raw.toLowerCase(), fields: resource.searchable });
}

/**
 * Validates a field selection: a comma-separated text (`fromText`) or an array of field names, each a field of
 * the schema that is not hidden (when `refuseHidden`), none twice, at least one. Returns the selection with the id
 * first, frozen, or undefined after reporting the problems (or when `raw` is undefined). A hidden field gets the
 * message of an unknown one.
 */
export function resolveSelect(
  raw: unknown,
  resource: Resource,
  fromText: boolean,
  refuseHidden: boolean,
  problems: ProblemSink,
): readonly string[] | undefined {
  if (raw === undefined) return undefined;
  let names: readonly unknown[];
  if (fromText) names = typeof raw === 'string' && raw !== '' ? raw.split(',') : [];
  else if (Array.isArray(raw)) names = raw;
  else {
    problems.add('select must be an array of field names');
    return undefined;
  }
  if (names.length === 0) {
    problems.add('select must name at least one field');
    return undefined;
  }
  const chosen = new Set<string>([resource.idField]);
  const seen = new Set<string>();
  let ok = true;
  for (const name of names) {
    const known =
      typeof name === 'string' &&
      Object.prototype.hasOwnProperty.call(resource.schema.shape, name) &&
      resource.fields.has(name) &&
      !(refuseHidden && resource.hidden.has(name));
    if (!known) {
      problems.add(typeof name === 'string' ? `select: ${quote(name)} is not a field` : 'select must hold field names');
      ok = false;
    } else if (seen.has(name)) {
      problems.add(`select: ${quote(name)} is given twice`);
      ok = false;
    } else {
      seen.add(name);
      chosen.add(name);
    }
  }
  return ok ? Object.freeze([...chosen]) : undefined;
}
