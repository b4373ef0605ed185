import { describe, expect, it } from 'vitest';
import { toConstraintError, toItemError, type ConstraintBreak, type ConstraintWrite } from '../../src/sql/index';

const BOOKS = { name: 'books', idField: 'id' };
const CREATE: ConstraintWrite = { operation: 'create', id: 'b1' };

describe('toConstraintError', () => {
  it.each<{ broken: ConstraintBreak; write?: ConstraintWrite; status: number; message: string | string[] }>([
    { broken: { kind: 'unique', fields: ['id'] }, status: 409, message: 'books: the id is taken' },
    {
      broken: { kind: 'unique', fields: ['id'] },
      write: { operation: 'create' },
      status: 409,
      message: ['id: the value already exists'],
    },
    { broken: { kind: 'unique', fields: ['isbn'] }, status: 409, message: ['isbn: the value already exists'] },
    {
      broken: { kind: 'unique', fields: ['a', 'b'] },
      status: 409,
      message: ['a, b: this combination of values already exists'],
    },
    { broken: { kind: 'unique' }, status: 409, message: ['a books record with these values already exists'] },
    {
      broken: { kind: 'foreign-key', fields: ['authorId'] },
      status: 409,
      message: ['authorId: refers to a record that does not exist'],
    },
    {
      broken: { kind: 'foreign-key', fields: ['id'], referenced: true },
      write: { operation: 'update', id: 'b1' },
      status: 409,
      message: ['id: other records refer to the current value'],
    },
    {
      broken: { kind: 'foreign-key' },
      write: { operation: 'delete', id: 'b1' },
      status: 409,
      message: 'books "b1" cannot be deleted: other records refer to it',
    },
    { broken: { kind: 'not-null', fields: ['title'] }, status: 400, message: ['title: a value is required'] },
    { broken: { kind: 'not-null' }, status: 400, message: ['a required value is missing'] },
    { broken: { kind: 'check', fields: ['n'] }, status: 400, message: ['n: the value is not allowed'] },
    {
      broken: { kind: 'check', fields: ['a', 'b'] },
      status: 400,
      message: ['a, b: the values are not allowed together'],
    },
    { broken: { kind: 'check' }, status: 400, message: ['the record breaks a rule of the stored data'] },
    {
      broken: { kind: 'unique', fields: ['__proto__'] },
      status: 409,
      message: ['__proto__: the value already exists'],
    },
  ])('returns a $status for $broken.kind on $broken.fields', ({ broken, write, status, message }) => {
    const cause = new Error('driver');
    const error = toConstraintError(broken, BOOKS, write ?? CREATE, cause);
    expect(error.statusCode).toBe(status);
    expect(error.message).toEqual(message);
    expect(error.cause).toBe(cause);
  });
});

describe('toItemError', () => {
  it('returns the error with each message naming the batch item, a field message as a path', () => {
    const cause = new Error('driver');
    const error = toConstraintError({ kind: 'unique', fields: ['isbn'] }, BOOKS, CREATE, cause);
    const item = toItemError(error, 56, cause);
    expect(item.statusCode).toBe(409);
    expect(item.message).toEqual(['items[56].isbn: the value already exists']);
    expect(toItemError(toConstraintError({ kind: 'check' }, BOOKS, CREATE, cause), 2, cause).message).toEqual([
      'items[2]: the record breaks a rule of the stored data',
    ]);
    expect(item.cause).toBe(cause);
  });
});
