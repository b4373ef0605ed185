import { OPERATORS, operatorFits, type FieldDef, type OperatorName } from '../fields/index';
import { freezeSet } from './freeze-collection';
import { isRelationPath } from './relation-config';

/** What {@link resolveFilterable} reads of `defineResource`'s options and schema. */
export interface FilterableInput {
  /** The `filterable` option: field names, or operators by field name (relation paths too). */
  readonly filterable: unknown;
  readonly fields: ReadonlyMap<string, FieldDef>;
  readonly hidden: ReadonlySet<string>;
}

/** The filterable fields of a resource and their operators, and the filterable relation paths (`null`: all). */
export interface FilterableFields {
  readonly filterable: Map<string, ReadonlySet<OperatorName>>;
  readonly filterPaths: Map<string, readonly OperatorName[] | null>;
}

/**
 * Resolves `defineResource`'s `filterable` option: each field's operators (all that fit its kind when the option is
 * a list), and the relation paths, checked later against the relations.
 *
 * @throws (through `fail`) for a field not in the schema, of kind other, hidden, or with an empty or unknown
 * operator list, or an operator that does not fit the field.
 */
export function resolveFilterable(input: FilterableInput, fail: (message: string) => never): FilterableFields {
  const { fields, hidden } = input;
  const filterable = new Map<string, ReadonlySet<OperatorName>>();
  const filterConfig = input.filterable ?? [];
  const allEntries: [string, readonly unknown[] | undefined][] = Array.isArray(filterConfig)
    ? (filterConfig as readonly string[]).map((field) => [field, undefined])
    : Object.entries(filterConfig as Record<string, readonly unknown[]>);
  const filterPaths = new Map<string, readonly OperatorName[] | null>();
  const entries = allEntries.filter(([field, ops]) => {
    if (typeof field !== 'string' || !isRelationPath(field)) return true;
    if (ops !== undefined && (!Array.isArray(ops) || ops.length === 0))
      fail(`filterable operators of path "${field}" must be a non-empty array`);
    for (const op of ops ?? [])
      if (typeof op !== 'string' || !Object.hasOwn(OPERATORS, op))
        fail(`unknown operator "${String(op)}" for path "${field}"`);
    filterPaths.set(field, ops === undefined ? null : Object.freeze([...(ops as OperatorName[])]));
    return false;
  });
  for (const [field, ops] of entries) {
    const def = fields.get(field);
    if (!def) return fail(`filterable field "${field}" is not in the schema`);
    if (def.kind === 'other') fail(`filterable field "${field}" is not a string, number, boolean, date or enum`);
    if (hidden.has(field)) fail(`hidden field "${field}" cannot be filterable`);
    if (!Array.isArray(filterConfig) && (!Array.isArray(ops) || ops.length === 0)) {
      fail(`filterable operators of field "${field}" must be a non-empty array`);
    }
    const allowed = new Set<OperatorName>();
    for (const op of ops ?? Object.keys(OPERATORS)) {
      if (typeof op !== 'string' || !Object.hasOwn(OPERATORS, op))
        fail(`unknown operator "${String(op)}" for field "${field}"`);
      const operator = op as OperatorName;
      if (operatorFits(operator, def.kind, def.nullable)) allowed.add(operator);
      else if (ops)
        fail(
          `operator "${operator}" does not fit field "${field}" of kind ${def.kind}${def.nullable ? '' : ' (not nullable)'}`,
        );
    }
    filterable.set(field, freezeSet(allowed));
  }
  return { filterable, filterPaths };
}
