/** parseListQuery: raw query strings, URLSearchParams, parsed objects and the output of the usual query-string parsers. */
import { parse as parseNodeQuerystring } from 'node:querystring';
import fastQuerystring from 'fast-querystring';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseListQuery, type Where } from 'pagelope';
import {
  badCases,
  badRequestOf,
  expectBadRequestNaming,
  type Pair,
  prototypeSnapshot,
  toFlatObject,
  type User,
  users,
} from '../../fixtures';
import { BAD_ROWS } from './rows/input-forms';

describe('parseListQuery', () => {
  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });

  it.each([
    { name: 'percent-encoded brackets', input: 'age%5Bgte%5D=18', where: { age: { gte: 18 } } },
    { name: 'a plus as a space', input: 'username[cont]=a+b', where: { username: { cont: 'a b' } } },
    { name: 'an encoded plus', input: 'username[cont]=a%2Bb', where: { username: { cont: 'a+b' } } },
    { name: 'encoded UTF-8', input: 'username[eq]=%C3%A9lodie', where: { username: { eq: 'élodie' } } },
    { name: 'an encoded emoji', input: 'username[starts]=%F0%9F%98%80', where: { username: { starts: '😀' } } },
    { name: 'an equals sign in a value', input: 'username[eq]=a=b', where: { username: { eq: 'a=b' } } },
    { name: 'empty parts between ampersands', input: '&&age[gt]=1&&', where: { age: { gt: 1 } } },
    { name: 'unencoded Unicode', input: 'username[eq]=é😀', where: { username: { eq: 'é😀' } } },
  ])('decodes $name', ({ input, where }) => {
    expect(parseListQuery(input, users).where).toStrictEqual(where);
  });

  it('takes a repeated Fastify-style list the same as repeated string parameters', () => {
    const pairs: Pair[] = [
      ['role[operator]', 'in'],
      ['role[values]', 'admin'],
      ['role[values]', 'guest'],
    ];
    expect(toFlatObject(pairs)).toStrictEqual({ 'role[operator]': 'in', 'role[values]': ['admin', 'guest'] });
    expect(parseListQuery(toFlatObject(pairs), users).where).toStrictEqual({
      role: { in: ['admin', 'guest'] },
    } satisfies Where<User>);
  });

  it.each([
    { parser: 'qs (Express with the extended parser, NestJS)', parse: (text: string): unknown => qs.parse(text) },
    { parser: 'node:querystring (Express 5, Koa)', parse: (text: string): unknown => parseNodeQuerystring(text) },
    { parser: 'fast-querystring (Fastify)', parse: (text: string): unknown => fastQuerystring.parse(text) },
  ])('returns the same query from the output of $parser as from the raw string', ({ parse }) => {
    const text =
      'page=2&limit=5&username[operator]=contl&username[value]=AN&age[gte]=18&age[lt]=65&role[in]=admin&role[in]=guest' +
      '&deletedAt[isnull]=&createdAt[between]=2024-01-01&createdAt[between]=2024-12-31&orderBy=role,age&orderDirection=ASC,DESC';
    expect(parseListQuery(parse(text), users)).toStrictEqual(parseListQuery(text, users));
    // qs drops prototype keys itself; the other parsers hand them over, and they are a 400 either way.
    const before = prototypeSnapshot();
    badRequestOf(() => parseListQuery(parse('__proto__[eq]=1&constructor[prototype]=1&limit=0'), users));
    expect(prototypeSnapshot()).toStrictEqual(before);
  });
});
