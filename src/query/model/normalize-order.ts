import { type Resource, resolveRelations, withTieBreaker } from '../../resource/index';
import { type FieldDef, QUERY_LIMITS, type OrderTerm } from '../../fields/index';
import { quote, type ProblemSink } from '../../errors/index';

/**
 * Validates a programmatic `orderBy` array: any sortable-kind field of the schema, or a to-one relation path
 * (`'author.fullName'`) to any sortable-kind field of the related schema; direction `'asc'` or `'desc'`. Returns
 * undefined when absent or on any problem.
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
    const def = typeof field === 'string' ? orderFieldDef(field, resource) : undefined;
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

/** The definition of a programmatic order field: a field of the schema, or a to-one path's related field. */
function orderFieldDef(field: string, resource: Resource): FieldDef | undefined {
  const dot = field.indexOf('.');
  if (dot === -1) return resource.fields.get(field);
  const relation = resolveRelations(resource).get(field.slice(0, dot));
  if (relation?.kind !== 'one') return undefined;
  return relation.resource.fields.get(field.slice(dot + 1));
}
