import type { Resource } from '../../resource/index';
import type { Condition, ConditionGroups, FilterTerm } from './normalized-query';
import { normalizeWhere } from './normalize-where';
import { Problems } from '../../errors/index';

type Groups = readonly (readonly Condition[])[];

/**
 * Validates a request scope (a programmatic `where` on the resource's own fields; a relation's name is refused like
 * an unknown field) into AND-groups. A scope is server code, not client input: an
 * invalid one (an unknown field or operator, a malformed clause) is a server fault (a plain `Error`, answered as a
 * masked 500), never a 400 that would show it. A scope whose shape is valid but holds a value no record can hold
 * (often taken from a request, such as a tenant header with a NUL character, 2,000 characters or a date of the year
 * 20000) matches no record: it normalizes to no group at all, so lists are empty and ids answer 404.
 *
 * @throws Error when the scope is not a valid `where` of the resource.
 * @example
 * const inScope = compilePredicate(normalizeScope({ tenant: 't1' }, users));
 */
export function normalizeScope<TRecord>(scope: unknown, resource: Resource<TRecord>): Groups {
  const problems = new Problems();
  const valueProblems = new Problems();
  const groups = normalizeWhere(scope, resource as unknown as Resource, problems, valueProblems, false) as Groups;
  if (!problems.empty) {
    throw new Error(`the scope of ${resource.name} is not a valid where: ${problems.messages.join('; ')}`);
  }
  // A condition whose value was refused is left out of its group, which would widen the scope: match nothing instead.
  if (!valueProblems.empty) return Object.freeze([]);
  return Object.freeze(groups.map((group) => Object.freeze([...group])));
}

/** The AND of two ORs of AND-groups: every pair of groups, concatenated (an empty group matches everything). */
export function andGroups(left: ConditionGroups, right: ConditionGroups): ConditionGroups {
  const out: (readonly FilterTerm[])[] = [];
  for (const a of left) for (const b of right) out.push(a.length === 0 ? b : b.length === 0 ? a : [...a, ...b]);
  return out;
}
