/** What each column type can hold, and how values are bound whatever the process's time zone. */
import { describe, expect, it } from 'vitest';
import { sqlValueProblem, toSqlParam } from '../../src/postgres/sql-values';
import { toSqlType } from '../../src/postgres/sql-types';

const UUID = '0b8f7e2c-3d1a-4c5e-9f60-1a2b3c4d5e6f';

describe('sqlValueProblem', () => {
  it.each([
    ['uuid', UUID],
    ['uuid', UUID.toUpperCase()],
    ['uuid', UUID.replace(/-/g, '')],
    ['integer', 2147483647],
    ['integer', -2147483648],
    ['integer', '42'],
    ['smallint', 32767],
    ['bigint', '9223372036854775807'],
    ['bigint', 9_000_000_000],
    ['numeric', 1.25],
    ['numeric', '-12.50'],
    ['double precision', -1e300],
    ['real', 3e38],
    ['date', '2000-02-29'],
    ['date', '0001-01-01'],
    ['date', new Date('9999-12-31T00:00:00Z')],
    ['date', new Date('1969-12-31T00:00:00Z')],
    ['timestamp with time zone', new Date('2024-01-01T00:00:00Z')],
    ['boolean', false],
    ['text', 'é😀'],
    ['text', null],
    ['uuid', undefined],
  ])('accepts for %s the value %j', (type, value) => {
    expect(sqlValueProblem(type, value)).toBeUndefined();
  });

  it.each([
    ['uuid', 'abc', 'must be a uuid'],
    ['uuid', '', 'must be a uuid'],
    ['uuid', `{${UUID}}`, 'must be a uuid'],
    ['uuid', `${UUID}\u0000`, 'NUL'],
    ['uuid', 42, 'must be a uuid'],
    ['integer', 2147483648, 'from -2147483648 to 2147483647'],
    ['integer', -2147483649, 'from -2147483648 to 2147483647'],
    ['integer', 1.5, 'must be an integer'],
    ['integer', '1e3', 'must be an integer'],
    ['integer', ' 1', 'must be an integer'],
    ['integer', Number.NaN, 'must be an integer'],
    ['smallint', 32768, 'from -32768 to 32767'],
    ['bigint', '9223372036854775808', 'from -9223372036854775808'],
    ['bigint', 2 ** 63, 'from -9223372036854775808'],
    ['bigint', '123456789012345678901234567890', 'must be an integer'],
    ['numeric', Number.POSITIVE_INFINITY, 'finite'],
    ['numeric', Number.NaN, 'finite'],
    ['numeric', '1e400', 'must be a number'],
    ['double precision', Number.NEGATIVE_INFINITY, 'finite'],
    ['real', 1e39, 'out of range'],
    ['date', '2000-02-30', 'must be a date'],
    ['date', '0000-01-01', 'must be a date'],
    ['date', '10000-01-01', 'must be a date'],
    ['date', '2000-1-1', 'must be a date'],
    ['date', new Date('+275760-09-13T00:00:00Z'), 'from the year 0001 to 9999'],
    ['date', new Date(Number.NaN), 'must be a date'],
    ['date', new Date('2000-01-05T10:00:00Z'), 'must be a midnight UTC: the column holds days'],
    ['date', new Date('1969-12-31T23:59:59.999Z'), 'must be a midnight UTC: the column holds days'],
    ['timestamp with time zone', new Date('0000-12-31T00:00:00Z'), 'from the year 0001 to 9999'],
    ['timestamp without time zone', 'yesterday', 'must be a date'],
    ['boolean', 'true', 'true or false'],
    ['text', 'a\u0000b', 'NUL'],
    ['citext', '\u0000', 'NUL'],
  ])('refuses for %s the value %j', (type, value, message) => {
    expect(sqlValueProblem(type, value)).toContain(message);
  });
});

describe('toSqlParam', () => {
  it.each([
    ['date', new Date('2000-01-05T00:00:00Z'), '2000-01-05'],
    ['date', new Date('2000-01-05T23:59:59.999Z'), '2000-01-05'],
    ['date', '2000-01-05', '2000-01-05'],
    ['timestamp with time zone', new Date('2000-01-05T00:00:00Z'), '2000-01-05T00:00:00.000Z'],
    ['timestamp without time zone', new Date('2000-01-05T01:02:03Z'), '2000-01-05T01:02:03.000Z'],
    ['integer', 5, 5],
    ['text', 'x', 'x'],
  ])('binds for %s the value %j as %j', (type, value, expected) => {
    expect(toSqlParam(type, value)).toEqual(expected);
  });
});

describe('toSqlType', () => {
  it.each([
    ['int4', 'integer'],
    ['INT', 'integer'],
    ['int8', 'bigint'],
    ['timestamptz', 'timestamp with time zone'],
    ['varchar(20)', 'character varying'],
    ['numeric(10, 2)', 'numeric'],
    ['float8', 'double precision'],
    ['Double  Precision', 'double precision'],
    ['bool', 'boolean'],
    ['uuid', 'uuid'],
  ])('returns %s as %s', (stated, expected) => {
    expect(toSqlType(stated)).toBe(expected);
  });

  it.each(['money', '', 'int; DROP TABLE x', 'uuid[]', '__proto__', 'constructor'])('throws for %j', (stated) => {
    expect(() => toSqlType(stated)).toThrow(TypeError);
  });
});
