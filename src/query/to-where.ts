import type { Condition } from './normalized-query';
import type { Where } from './types';

/**
 * Builds the public, frozen `where` of validated conditions (OR of AND-groups), in the programmatic form that
 * `list` accepts. Values of case-insensitive operators appear lower-cased, which matches the same records.
 */
export function toWhere(groups: readonly (readonly Condition[])[]): Where<Record<string, unknown>> {
  const clauses = groups.map((group) => {
    const clause: Record<string, Record<string, unknown>> = {};
    for (const condition of group) {
      // Own-key checks and defineProperty: a field name is never looked up on, or written to, Object.prototype.
      if (!Object.hasOwn(clause, condition.field)) define(clause, condition.field, {});
      define(clause[condition.field] as Record<string, unknown>, condition.op, condition.value);
    }
    for (const ops of Object.values(clause)) Object.freeze(ops);
    return Object.freeze(clause);
  });
  return clauses.length === 1 ? (clauses[0] as Where<Record<string, unknown>>) : Object.freeze(clauses);
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
