import type { SqlValueProblem } from './constraint-error';

/**
 * What a write error needs to know of its table to name the fields it concerns, where the driver's error does not
 * name them: read from the database's catalog (or declared, as a Drizzle table declares its unique keys), once.
 */
export interface SqlTableFacts {
  /** The columns of each constraint and unique index of the table, by name, in key order. */
  readonly constraints: ReadonlyMap<string, readonly string[]>;
  /** The columns of the foreign keys of other tables that refer to this one, by `<table>.<constraint>`. */
  readonly referencedBy: ReadonlyMap<string, readonly string[]>;
  /** The most characters a bounded text column (`varchar(n)`) holds, by column. */
  readonly maxLength: ReadonlyMap<string, number>;
  /** The bound (exclusive) of the absolute value a fixed-point column (`numeric(p, s)`) holds: `10^(p - s)`. */
  readonly numericBound: ReadonlyMap<string, number>;
}

/**
 * The columns of the constraint `name` in `facts`: one of the table's own, or with `referencing` (the other table's
 * name) that table's foreign key to this one; `undefined` when the facts do not know it.
 */
export function constraintColumnsOf(
  facts: SqlTableFacts,
  name: string,
  referencing?: string,
): readonly string[] | undefined {
  return referencing === undefined ? facts.constraints.get(name) : facts.referencedBy.get(`${referencing}.${name}`);
}

/**
 * The columns a value of `record` breaks by being too long (`'too-long'`: more characters than `maxLength`) or out of
 * range (`'out-of-range'`: at least `numericBound` in absolute value), for an error that names no column (PostgreSQL
 * checks a `varchar(n)` or `numeric(p, s)` value when it assigns it); `fieldOf` gives the field of a column.
 */
export function columnsOverLimits(
  facts: SqlTableFacts,
  problem: Extract<SqlValueProblem, 'too-long' | 'out-of-range'>,
  record: Readonly<Record<string, unknown>>,
  fieldOf: (column: string) => string | undefined,
): string[] {
  const limits = problem === 'too-long' ? facts.maxLength : facts.numericBound;
  const over = (column: string, limit: number) => {
    const field = fieldOf(column);
    const value = field !== undefined && Object.hasOwn(record, field) ? record[field] : undefined;
    if (value === undefined || value === null) return false;
    return problem === 'too-long'
      ? typeof value === 'string' && [...value].length > limit
      : Math.abs(Number(value)) >= limit;
  };
  return [...limits].filter(([column, limit]) => over(column, limit)).map(([column]) => column);
}
