import { OPERATORS, type OperatorName, type OperatorSpec } from '../fields/index';
import { isRecordLike, isUnsafeKey } from '../internal/index';
import { formatValue, unexpressible } from './format-value';

/**
 * Appends the filter parameters of a programmatic `where` to `parts`, field by field in key order: `field[eq]=v` for
 * a plain value, `field[isnull]=true` for `null`, and `field[op]=v` for each operator of a condition object, one
 * repeated key per value of a list operator or `between`. An array of clauses (their OR) becomes OR groups, clause
 * `n` as `or[n][field][op]=v`. Internal to the client module.
 *
 * @throws TypeError for an empty OR array or an OR clause without conditions (the grammar has no text for them), a
 * non-object, an unsafe or bracketed field name, an unknown operator, an operand of the wrong arity or type.
 * @example
 * const parts: string[] = [];
 * writeWhere([{ age: { between: [18, 65] } }, { deletedAt: null }], parts);
 * // parts: ['or[0][age][between]=18', 'or[0][age][between]=65', 'or[1][deletedAt][isnull]=true']
 */
export function writeWhere(where: unknown, parts: string[]): void {
  if (where === undefined || where === null) return;
  if (!Array.isArray(where)) return writeClause(where, 'where', '', parts);
  // No groups would be no filter at all, and the programmatic path refuses `[]`: neither is a query to send.
  if (where.length === 0) throw unexpressible('where', 'an empty array of OR clauses');
  where.forEach((clause: unknown, i) => {
    if (isRecordLike(clause) && Object.keys(clause).length === 0) {
      // `{}` in an OR matches every record; the grammar cannot write an empty group (or[n] would be missing).
      throw unexpressible(`where[${i}]`, 'an OR clause without conditions');
    }
    writeClause(clause, `where[${i}]`, `or[${i}]`, parts);
  });
}

/** One AND-clause; each key is `field[op]`, or `or[n][field][op]` inside OR group `n` (`prefix` `or[n]`). */
function writeClause(clause: unknown, path: string, prefix: string, parts: string[]): void {
  if (!isRecordLike(clause)) throw unexpressible(path, 'something other than an object of field conditions');
  for (const field of Object.keys(clause)) {
    const param = `${path}.${field}`;
    checkName(field, param);
    const condition = clause[field];
    if (isRecordLike(condition) && isRelationCondition(condition)) {
      const keys = Object.keys(condition);
      if (keys.every((key) => QUANTIFIERS.has(key))) writeMany(field, condition, param, prefix, parts);
      else writeConditions(field, condition, param, prefix, parts);
    } else writeCondition(keyOf(field, prefix, param), condition, param, parts);
  }
}

/** `{ field: null }`, `{ field: { op: v } }` or `{ field: v }` under the key `key`. */
function writeCondition(key: string, condition: unknown, param: string, parts: string[]): void {
  if (condition === null) parts.push(`${key}[isnull]=true`);
  else if (isRecordLike(condition)) writeOperators(key, condition, param, parts);
  else parts.push(`${key}[eq]=${encodeText(formatValue(condition, param), param)}`);
}

/** A condition object none of whose keys is an operator: a relation's (`{ fullName: { cont: 'a' } }`). */
function isRelationCondition(condition: Record<string, unknown>): boolean {
  const keys = Object.keys(condition);
  return keys.length > 0 && keys.every((key) => !Object.hasOwn(OPERATORS, key));
}

/** The conditions on a relation's fields, each as the path `relation.field` (one hop: no relation inside). */
function writeConditions(
  relation: string,
  clause: Record<string, unknown>,
  path: string,
  prefix: string,
  parts: string[],
): void {
  for (const field of Object.keys(clause)) {
    const param = `${path}.${field}`;
    checkName(field, param);
    const condition = clause[field];
    if (isRecordLike(condition) && isRelationCondition(condition))
      throw unexpressible(param, 'a condition two relations deep (the grammar has one hop)');
    writeCondition(keyOf(`${relation}.${field}`, prefix, param), condition, param, parts);
  }
}

/**
 * A to-many relation's quantifier: its clause's conditions as relation paths, and `relation[match]=all|none` at
 * the top level (`any` is the default; an OR group's conditions on a relation always mean `any`).
 */
function writeMany(
  relation: string,
  condition: Record<string, unknown>,
  path: string,
  prefix: string,
  parts: string[],
) {
  const [quantifier, ...others] = Object.keys(condition) as [string, ...string[]];
  if (others.length > 0) throw unexpressible(path, `the quantifiers ${quantifier} and ${others[0]} together`);
  const param = `${path}.${quantifier}`;
  let clause = condition[quantifier];
  if (Array.isArray(clause)) {
    if (clause.length !== 1) throw unexpressible(param, `an array of ${clause.length} clauses, not 1`);
    clause = clause[0];
  }
  if (!isRecordLike(clause)) throw unexpressible(param, 'something other than an object of field conditions');
  if (Object.keys(clause).length === 0) throw unexpressible(param, 'a clause without conditions');
  if (prefix !== '' && quantifier !== 'any')
    throw unexpressible(param, `${quantifier} inside an OR clause, where a relation's conditions mean any`);
  writeConditions(relation, clause, param, prefix, parts);
  if (quantifier !== 'any') parts.push(`${encodeText(relation, path)}[match]=${quantifier}`);
}

const QUANTIFIERS: ReadonlySet<string> = new Set(['any', 'all', 'none']);

/** A field or relation name the grammar can carry in a key: not empty, unsafe, dotted or bracketed. */
function checkName(name: string, param: string): void {
  if (name === '' || isUnsafeKey(name) || /[.[\]]/.test(name)) {
    throw unexpressible(param, `the field name ${JSON.stringify(name)}`);
  }
}

/** The key of a field or relation path: itself, or `or[n][path]` inside OR group `n`. */
function keyOf(field: string, prefix: string, param: string): string {
  const text = field
    .split('.')
    .map((part) => encodeText(part, param))
    .join('.');
  return prefix === '' ? text : `${prefix}[${text}]`;
}

function writeOperators(key: string, condition: Record<string, unknown>, path: string, parts: string[]): void {
  const ops = Object.keys(condition);
  if (ops.length === 0) throw unexpressible(path, 'a condition object that names no operator');
  for (const op of ops) {
    const param = `${path}.${op}`;
    if (!Object.hasOwn(OPERATORS, op)) throw unexpressible(param, `the unknown operator ${JSON.stringify(op)}`);
    const spec = OPERATORS[op as OperatorName];
    const operand = condition[op];
    if (spec.arity === 'none') {
      // The programmatic path takes `true` only; `false` is not "not null", it is a 400 there.
      if (operand !== true) throw unexpressible(param, `${String(operand)} instead of true`);
      parts.push(`${key}[${op}]=true`);
      continue;
    }
    const list = spec.arity === 'two' || spec.arity === 'many';
    if (list !== Array.isArray(operand)) {
      throw unexpressible(param, list ? 'something other than an array' : 'an array for a one-value operator');
    }
    const values: readonly unknown[] = list ? (operand as readonly unknown[]) : [operand];
    // Without values the key would vanish from the string, and the condition with it.
    if (spec.arity === 'two' && values.length !== 2) throw unexpressible(param, `${values.length} values, not 2`);
    if (values.length === 0) throw unexpressible(param, 'an empty array');
    for (const value of values) {
      checkOperand(spec, value, param);
      parts.push(`${key}[${op}]=${encodeText(formatValue(value, param), param)}`);
    }
  }
}

/**
 * Text operators take strings, range operators numbers, Dates or date strings: a value the programmatic path
 * would refuse for every field the operator fits is not written as text the server might accept.
 */
function checkOperand(spec: OperatorSpec, value: unknown, param: string): void {
  const textOnly = spec.kinds.length === 1 && spec.kinds[0] === 'string';
  if (textOnly && typeof value !== 'string') throw unexpressible(param, `${typeof value} instead of a string`);
  if (!spec.kinds.includes('boolean') && typeof value === 'boolean') {
    throw unexpressible(param, `a boolean for the operator ${spec.name}`);
  }
}

/**
 * `encodeURIComponent`, with its URIError for a lone surrogate (which has no UTF-8 form) turned into the
 * client's TypeError. Internal to the client module.
 *
 * @throws TypeError for a string that is not well-formed UTF-16.
 * @example
 * encodeText('a&b=c', 'where.name'); // 'a%26b%3Dc'
 */
export function encodeText(text: string, param: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw unexpressible(param, 'a string with a lone surrogate, which has no UTF-8 form');
  }
}
