import { isRelationCondition, type NormalizedQuery } from './normalized-query';
import { relationPathOf } from './relation-path';

const NONE: ReadonlySet<string> = Object.freeze(new Set<string>());

/**
 * The names of the relations a query's filter (its relation terms) and order (its to-one paths) read, in the order
 * met: what a repository needs bound. A query that reads none gets one shared empty set, so a plain listing
 * allocates nothing.
 *
 * @example
 * relationsRead(normalizeListInput({ orderBy: [{ field: 'author.fullName', direction: 'asc' }] }, books, options)); // Set { 'author' }
 */
export function relationsRead(query: Pick<NormalizedQuery, 'groups' | 'order'>): ReadonlySet<string> {
  let names: Set<string> | undefined;
  for (const group of query.groups)
    for (const term of group) if (isRelationCondition(term)) (names ??= new Set()).add(term.relation);
  for (const term of query.order) {
    const path = relationPathOf(term.field);
    if (path) (names ??= new Set()).add(path.relation);
  }
  return names ?? NONE;
}
