import { resolveRelations, type ResolvedRelation, type Resource } from '../../resource/index';
import { quote, type ProblemSink } from '../../errors/index';

/** The most relation names one `include` or `counts` may give. */
const MAX_RELATION_NAMES = 16;

/**
 * Validates the relation names of `include` (`option` `'include'`) or `counts`: a comma-separated text
 * (`fromClient`, a query string) or an array of names (programmatic). Clients may name the relations the resource
 * declares `includable` (for `include`) or `countable` (for `counts`), and any other name is answered alike;
 * programmatic callers may name any relation, to-many ones for `counts`. No name twice, at least one (an empty array
 * of a programmatic caller means none). Returns the frozen names in the order given, or undefined when absent, empty
 * or on a problem (reported to `problems`).
 */
export function resolveRelationNames(
  raw: unknown,
  resource: Resource,
  option: 'include' | 'counts',
  fromClient: boolean,
  problems: ProblemSink,
): readonly string[] | undefined {
  if (raw === undefined) return undefined;
  let names: readonly unknown[];
  if (fromClient) {
    if (typeof raw !== 'string' || raw === '') {
      problems.add(`${option} must name at least one relation`);
      return undefined;
    }
    names = raw.split(',');
  } else if (Array.isArray(raw)) {
    if (raw.length === 0) return undefined;
    names = raw;
  } else {
    problems.add(`${option} must be an array of relation names`);
    return undefined;
  }
  if (names.length > MAX_RELATION_NAMES) {
    problems.add(`${option} may name at most ${MAX_RELATION_NAMES} relations`);
    return undefined;
  }
  const relations = resolveRelations(resource);
  const seen = new Set<string>();
  let ok = true;
  for (const name of names) {
    const problem = typeof name === 'string' ? refusal(relations.get(name), option, fromClient) : undefined;
    if (typeof name !== 'string') problems.add(`${option} must hold relation names`);
    else if (problem !== undefined) problems.add(`${option}: ${quote(name)} ${problem}`);
    else if (seen.has(name)) problems.add(`${option}: ${quote(name)} is given twice`);
    else {
      seen.add(name);
      continue;
    }
    ok = false;
  }
  return ok ? Object.freeze([...seen]) : undefined;
}

/** Why a relation name is refused (after the quoted name), or undefined when it is accepted. */
function refusal(
  relation: ResolvedRelation | undefined,
  option: 'include' | 'counts',
  fromClient: boolean,
): string | undefined {
  if (fromClient) {
    // Unknown and not allowed read alike: a client cannot tell a relation it may not use from one that is not there.
    if (option === 'include') return relation?.includable ? undefined : 'is not an includable relation';
    return relation?.countable ? undefined : 'is not a countable relation';
  }
  if (!relation) return 'is not a relation';
  return option === 'counts' && relation.kind !== 'many' ? 'is not a to-many relation' : undefined;
}
