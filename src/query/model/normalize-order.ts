import { type Resource, withTieBreaker } from '../../resource/index';
import { QUERY_LIMITS, type OrderTerm } from '../../fields/index';
import { quote, type ProblemSink } from '../../errors/index';

/**
 * Validates a programmatic `orderBy` array: any sortable-kind field of the schema, direction `'asc'` or `'desc'`.
 * Returns undefined when absent or on any problem.
 */
export function normalizeOrder(
  input: unknown,
  resource: Resource,
  problems: ProblemSink,
): readonly OrderTerm[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input) || input.length > QUERY_LIMITS.maxOrderFields) {
    problems.add(`orderBy must be an array of at most ${QUERY_LIMITS.maxOrderFields} { field, direction } objects`);
    return undefined;
  }
  const terms: OrderTerm[] = [];
  const seen = new Set<string>();
  input.forEach((term: unknown, i) => {
    const { field, direction } = (typeof term === 'object' && term !== null ? term : {}) as Record<string, unknown>;
    const def = typeof field === 'string' && resource.fields.has(field) ? resource.fields.get(field) : undefined;
    if (!def || def.kind === 'other' || typeof field !== 'string') {
      problems.add(`orderBy[${i}].field: ${quote(String(field))} is not a sortable field`);
    } else if (seen.has(field)) {
      problems.add(`orderBy[${i}].field: ${quote(field)} is given twice`);
    } else if (direction !== 'asc' && direction !== 'desc') {
      problems.add(`orderBy[${i}].direction must be 'asc' or 'desc'`);
    } else {
      seen.add(field);
      terms.push(Object.freeze({ field, direction }));
    }
  });
  return terms.length === input.length ? withTieBreaker(terms, resource.idField) : undefined;
}
