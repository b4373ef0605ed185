import { describe, expect, it } from 'vitest';
import { toMountOrder } from '../../src/http/to-mount-order';
import { siblingIdMethods } from '../../src/http/to-mount-order';

const allow = new Map([
  ['/items/:id', 'GET, PUT, PATCH, DELETE'],
  ['/items', 'GET, POST'],
  ['/items/:id/restore', 'POST'],
  ['/items/batch', 'POST, PATCH, DELETE'],
  ['/items/cursor', 'GET'],
]);

describe('toMountOrder', () => {
  it('returns literal patterns before those holding :id, the given order kept among equals', () => {
    expect(toMountOrder(allow).map(([pattern]) => pattern)).toStrictEqual([
      '/items',
      '/items/batch',
      '/items/cursor',
      '/items/:id',
      '/items/:id/restore',
    ]);
  });

  it('returns each pattern with its allow value', () => {
    expect(new Map(toMountOrder(allow))).toStrictEqual(allow);
  });
});

describe('siblingIdMethods', () => {
  it.each([
    { pattern: '/items/cursor', expected: ['PUT', 'PATCH', 'DELETE'] },
    { pattern: '/items/batch', expected: ['GET', 'PUT'] },
    { pattern: '/items', expected: [] },
    { pattern: '/items/:id', expected: [] },
    { pattern: '/items/:id/restore', expected: [] },
    { pattern: '/elsewhere', expected: [] },
    { pattern: '/__proto__', expected: [] },
  ])('returns the methods of /items/:id that $pattern does not take', ({ pattern, expected }) => {
    expect(siblingIdMethods(allow, pattern)).toStrictEqual(expected);
  });
});
