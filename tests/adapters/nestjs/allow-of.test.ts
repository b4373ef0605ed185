import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import { toOpenApiRoute } from 'pagelope/http';
import { allowOf, type PathMatching } from '../../../src/adapters/nestjs/allow-of';

const users = defineResource({ name: 'users', schema: z.object({ id: z.string(), name: z.string() }) });
const routes = defineRoutes(createResourceService({ resource: users, repository: createMemoryRepository(users) }));
const openapi = toOpenApiRoute([routes], { info: { title: 'Users', version: '1.0.0' } });
const mounts = [routes, openapi];
const LIST = routes.allow.get('/users');
const CURSOR = routes.allow.get('/users/cursor');
const ONE = routes.allow.get('/users/:id');
const EXPRESS: PathMatching = { caseSensitive: false, ignoreTrailingSlash: true };
const STRICT: PathMatching = { caseSensitive: true, ignoreTrailingSlash: false };

describe('allowOf', () => {
  it('reads distinct allow values for the list, cursor and record paths', () => {
    expect(new Set([LIST, CURSOR, ONE]).size).toBe(3);
  });

  it.each([
    { label: 'the list path', path: '/users', matching: undefined, expected: LIST },
    { label: 'a record path', path: '/users/7', matching: undefined, expected: ONE },
    {
      label: 'the cursor path, a fixed path winning over /:id',
      path: '/users/cursor',
      matching: undefined,
      expected: CURSOR,
    },
    { label: 'the OpenAPI document path', path: '/openapi.json', matching: undefined, expected: 'GET' },
    { label: 'an id holding %2F (one segment)', path: '/users/a%2Fb', matching: undefined, expected: ONE },
    { label: 'a percent-encoded id', path: '/users/%C3%A9t%C3%A9', matching: undefined, expected: ONE },
    { label: 'a __proto__ id', path: '/users/__proto__', matching: undefined, expected: ONE },
    { label: 'a constructor id', path: '/users/constructor', matching: undefined, expected: ONE },
    { label: 'a long id', path: `/users/${'x'.repeat(10_000)}`, matching: undefined, expected: ONE },
    { label: 'a path below a record', path: '/users/7/friends', matching: undefined, expected: undefined },
    { label: 'a path outside the routes', path: '/orders', matching: undefined, expected: undefined },
    { label: 'a /__proto__ path', path: '/__proto__', matching: undefined, expected: undefined },
    { label: 'the root', path: '/', matching: undefined, expected: undefined },
    { label: 'an empty path', path: '', matching: undefined, expected: undefined },
    { label: 'a trailing slash, strictly', path: '/users/', matching: STRICT, expected: undefined },
    { label: 'a trailing slash, ignored', path: '/users/', matching: EXPRESS, expected: LIST },
    { label: "a record's trailing slash, ignored", path: '/users/7/', matching: EXPRESS, expected: ONE },
    {
      label: 'the cursor path with a trailing slash, ignored',
      path: '/users/cursor/',
      matching: EXPRESS,
      expected: CURSOR,
    },
    { label: 'upper case, strictly', path: '/USERS', matching: STRICT, expected: undefined },
    { label: 'upper case, case-insensitive', path: '/USERS', matching: EXPRESS, expected: LIST },
    { label: 'the cursor path in mixed case', path: '/Users/Cursor', matching: EXPRESS, expected: CURSOR },
    { label: 'the document path in upper case', path: '/OPENAPI.JSON', matching: EXPRESS, expected: 'GET' },
    {
      label: 'the document path in upper case, strictly',
      path: '/OPENAPI.JSON',
      matching: STRICT,
      expected: undefined,
    },
  ])('returns the allow value of $label', ({ path, matching, expected }) => {
    expect(allowOf(mounts, path, matching)).toBe(expected);
  });

  it('returns the allow value of a path below the id (/:id/restore), a literal segment winning over :id', () => {
    const notes = defineResource({
      name: 'notes',
      schema: z.object({ id: z.string(), deletedAt: z.date().nullable() }),
      softDelete: { field: 'deletedAt' },
    });
    const restorable = defineRoutes(
      createResourceService({ resource: notes, repository: createMemoryRepository(notes) }),
    );
    const { allow } = restorable;
    expect(allowOf([restorable], '/notes/7/restore')).toBe('POST');
    expect(allowOf([restorable], '/notes/cursor/restore')).toBe('POST');
    expect(allowOf([restorable], '/notes//restore')).toBeUndefined();
    expect(allowOf([restorable], '/notes/7/restore/x')).toBeUndefined();
    expect(allowOf([restorable], '/notes/cursor')).toBe(allow.get('/notes/cursor'));
    expect(allowOf([restorable], '/Notes/7/Restore', EXPRESS)).toBe('POST');
  });

  it('returns undefined for no mounted routes', () => {
    expect(allowOf([], '/users')).toBeUndefined();
  });
});
