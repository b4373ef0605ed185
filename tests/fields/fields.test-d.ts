/** Types of the fields module: operators, field kinds, order terms and limits (root entry), field introspection (kit). */
import {
  OPERATORS,
  QUERY_LIMITS,
  type FieldDef,
  type FieldKind,
  type OperatorName,
  type OrderDirection,
  type OrderTerm,
} from 'pagelope';
import { type OperatorArity, type OperatorSpec } from 'pagelope/kit';
import { introspectFields, quote } from 'pagelope/kit';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

describe('OPERATORS', () => {
  it('returns a read-only table from each OperatorName to its OperatorSpec', () => {
    expectTypeOf(OPERATORS).toEqualTypeOf<Readonly<Record<OperatorName, OperatorSpec>>>();
    expectTypeOf(OPERATORS.between.arity).toEqualTypeOf<OperatorArity>();
    expectTypeOf(OPERATORS.eq.name).toEqualTypeOf<OperatorName>();
    expectTypeOf(OPERATORS).not.toBeAny();
    expectTypeOf<OperatorSpec>().not.toBeAny();
  });

  it('rejects a name outside the grammar and writes at compile time', () => {
    // @ts-expect-error 'like' is not an operator
    expectTypeOf(OPERATORS.like).not.toBeAny();
    // @ts-expect-error the table is read-only
    OPERATORS.eq = OPERATORS.ne;
  });

  it('names its operators by its keys', () => {
    expectTypeOf<keyof typeof OPERATORS>().toEqualTypeOf<OperatorName>();
  });
});

describe('FieldKind, OrderDirection and OrderTerm', () => {
  it('returns the closed unions of kinds and directions', () => {
    expectTypeOf<FieldKind>().toEqualTypeOf<'string' | 'number' | 'date' | 'isoDate' | 'boolean' | 'enum'>();
    expectTypeOf<OrderDirection>().toEqualTypeOf<'asc' | 'desc'>();
  });

  it('types the field of an OrderTerm by its parameter, string by default', () => {
    expectTypeOf<OrderTerm<'age' | 'name'>['field']>().toEqualTypeOf<'age' | 'name'>();
    expectTypeOf<OrderTerm['field']>().toEqualTypeOf<string>();
    expectTypeOf<OrderTerm<'age'>>().not.toBeAny();
    const term: OrderTerm<'age'> = { field: 'age', direction: 'desc' };
    expectTypeOf(term).toExtend<OrderTerm>();
  });

  it('rejects another field or direction at compile time', () => {
    // @ts-expect-error 'name' is not a field of this term
    const wrongField: OrderTerm<'age'> = { field: 'name', direction: 'asc' };
    // @ts-expect-error directions are lower-case 'asc' or 'desc'
    const wrongDirection: OrderTerm = { field: 'age', direction: 'ASC' };
    expectTypeOf([wrongField, wrongDirection]).not.toBeAny();
  });
});

describe('QUERY_LIMITS', () => {
  it('returns numbers, read-only', () => {
    expectTypeOf(QUERY_LIMITS).toExtend<Readonly<Record<string, number>>>();
    expectTypeOf(QUERY_LIMITS.maxOrderFields).toEqualTypeOf<8>();
    expectTypeOf(QUERY_LIMITS.maxListValues).toEqualTypeOf<100>();
    expectTypeOf(QUERY_LIMITS.cursorDefaultLimit).toEqualTypeOf<20>();
  });

  it('rejects writes at compile time', () => {
    // @ts-expect-error the limits are frozen
    QUERY_LIMITS.maxOrderFields = 1;
  });
});

describe('introspectFields', () => {
  it('takes a schema shape and returns a read-only map of FieldDef', () => {
    const fields = introspectFields(z.object({ id: z.string(), age: z.number().optional() }).shape);
    expectTypeOf(fields).toEqualTypeOf<ReadonlyMap<string, FieldDef>>();
    expectTypeOf<FieldDef['kind']>().toEqualTypeOf<FieldKind | 'other'>();
    expectTypeOf(introspectFields).parameter(0).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    // @ts-expect-error it takes the shape object, not a field name
    introspectFields('age');
  });
});

describe('quote', () => {
  it('takes and returns a string', () => {
    expectTypeOf(quote).toEqualTypeOf<(text: string) => string>();
    // @ts-expect-error only text is quoted
    quote(42);
  });
});
