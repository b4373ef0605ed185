/** Column names of fields: `columns`, `columnNaming: 'snake_case'`, and the refusals. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { toColumnMap, toSnakeCase, type ColumnNamingOptions } from '../../src/postgres/index';

const posts = defineResource({
  name: 'posts',
  schema: z.object({ id: z.string(), authorId: z.string(), createdAt: z.date(), HTTPStatus: z.number() }),
});

describe('toSnakeCase', () => {
  it.each([
    ['createdAt', 'created_at'],
    ['id', 'id'],
    ['userID', 'user_id'],
    ['HTTPStatus', 'http_status'],
    ['page2Count', 'page2_count'],
    ['already_snake', 'already_snake'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
  ])('returns %s as %s', (name, expected) => {
    expect(toSnakeCase(name)).toBe(expected);
  });
});

describe('toColumnMap', () => {
  it.each<{ options: ColumnNamingOptions; expected: string[] }>([
    { options: {}, expected: ['id', 'authorId', 'createdAt', 'HTTPStatus'] },
    { options: { columnNaming: 'snake_case' as const }, expected: ['id', 'author_id', 'created_at', 'http_status'] },
    { options: { columns: { authorId: 'writer' } }, expected: ['id', 'writer', 'createdAt', 'HTTPStatus'] },
    {
      options: { columnNaming: 'snake_case' as const, columns: { createdAt: 'inserted' } },
      expected: ['id', 'author_id', 'inserted', 'http_status'],
    },
  ])('returns the columns of $options', ({ options, expected }) => {
    const map = toColumnMap(posts, options);
    expect([...map.keys()]).toEqual(['id', 'authorId', 'createdAt', 'HTTPStatus']);
    expect([...map.values()]).toEqual(expected);
  });

  it.each([
    { options: { columns: { nope: 'x' } }, message: '"nope" is not a field' },
    { options: { columns: JSON.parse('{"__proto__": "x"}') as Record<string, string> }, message: '"__proto__"' },
    { options: { columns: { authorId: 'a"; DROP TABLE posts; --' } }, message: 'not a plain SQL identifier' },
    { options: { columns: { authorId: 'public.author' } }, message: 'must be a plain name' },
    { options: { columns: { authorId: '' } }, message: 'not a plain SQL identifier' },
    { options: { columns: { authorId: 'id' } }, message: '"id" and "authorId" are both on column "id"' },
    { options: { columnNaming: 'camel' as never }, message: 'unknown columnNaming "camel"' },
    { options: { columns: [] as never }, message: 'columns must be an object' },
  ])('throws a TypeError for $options', ({ options, message }) => {
    expect(() => toColumnMap(posts, options)).toThrow(TypeError);
    expect(() => toColumnMap(posts, options)).toThrow(message);
  });
});
