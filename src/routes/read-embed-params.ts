import { quote, type ProblemSink } from '../errors/index';
import { resolveRelations, type Resource } from '../resource/index';
import type { RouteParams } from '../query/index';
import type { RelationsInput } from '../service/index';

const OPTIONS = ['include', 'counts'] as const;
type Option = (typeof OPTIONS)[number];

/** The most relation names one `include` or `counts` parameter may give (as on list routes). */
const MAX_NAMES = 16;

/** The values of `include` and `counts` among a query's parameters, or `undefined` when it has neither. */
function valuesOf(params: RouteParams): Record<Option, unknown[]> | undefined {
  const include = [...(params.get('include') ?? [])];
  const counts = [...(params.get('counts') ?? [])];
  return include.length === 0 && counts.length === 0 ? undefined : { include, counts };
}

/**
 * Reads `include` and `counts` from the parameters of a GET `{path}/:id` query (`queryParamsOf`, parsed once by the
 * route) with the rules of the list routes: comma-separated names of relations the resource declares `includable`
 * (for `include`) or `countable` (for `counts`), each once, not empty; a parameter given twice reads as one comma list. Every other parameter
 * is ignored. Returns `undefined` when the query has neither.
 *
 * Each problem is reported to `problems` (the route throws them with the request's others).
 */
export function readEmbedParams(
  params: RouteParams,
  resource: Resource,
  problems: ProblemSink,
): RelationsInput | undefined {
  const values = valuesOf(params);
  if (values === undefined) return undefined;
  const relations = resolveRelations(resource);
  const out: { include?: readonly string[]; counts?: readonly string[] } = {};
  for (const option of OPTIONS) {
    const given = values[option];
    if (given.length === 0) continue;
    // Repeated (`include=a&include=b`), the parameter reads as one comma list (`include=a,b`), as on list routes.
    const text = given.every((value) => typeof value === 'string') ? given.join(',') : undefined;
    if (typeof text !== 'string' || text === '') {
      problems.add(`${option} must name at least one relation`);
      continue;
    }
    const names = text.split(',');
    if (names.length > MAX_NAMES) {
      problems.add(`${option} may name at most ${MAX_NAMES} relations`);
      continue;
    }
    const seen = new Set<string>();
    for (const name of names) {
      const relation = relations.get(name);
      const allowed = option === 'include' ? relation?.includable : relation?.countable;
      // Unknown and not allowed read alike: a client cannot tell a relation it may not use from one that is absent.
      if (allowed !== true)
        problems.add(
          `${option}: ${quote(name)} is not ${option === 'include' ? 'an includable' : 'a countable'} relation`,
        );
      else if (seen.has(name)) problems.add(`${option}: ${quote(name)} is given twice`);
      else seen.add(name);
    }
    out[option] = [...seen];
  }
  return out;
}
