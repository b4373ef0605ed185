/**
 * Regression tests for weaknesses W3 and W6 of the hardening report, fixed in
 * src/errors/classify-error.ts and src/errors/pick-extras.ts.
 *
 * W3: a NestJS exception built from an error object (`new InternalServerErrorException(dbError)`, whose
 * `getResponse()` returns `dbError` itself) or a Boom whose payload is an error puts the error's message and its own
 * enumerable fields (a PostgreSQL error's `detail`, `table`, `constraint`) into the body, at 5xx too.
 * W6: an extra body key whose value serialises a stack (an HTTP client error with `toJSON`, as axios has) puts the
 * stack, and whatever else `toJSON` returns, into the body.
 */
import { describe, expect, it } from 'vitest';
import { HttpError, toErrorEnvelope } from '../../src/index';

const SECRET = 'Key (email)=(ann@example.com) already exists';
const dbError = () =>
  Object.assign(new Error(`duplicate key value violates unique constraint "users_email_key"`), {
    code: '23505',
    detail: SECRET,
    table: 'users',
    constraint: 'users_email_key',
  });
const clientError = () =>
  Object.assign(new Error('Request failed with status code 500'), {
    toJSON(this: Error) {
      return { message: this.message, stack: this.stack, config: { headers: { authorization: `Bearer ${SECRET}` } } };
    },
  });
const nest = (response: unknown, status: number) => ({ getStatus: () => status, getResponse: () => response });
const boom = (payload: unknown, status: number) => ({
  isBoom: true,
  output: { statusCode: status, payload, headers: {} },
});

describe('toErrorEnvelope, an error object given as a NestJS or Boom body (W3)', () => {
  it.each([
    { name: 'a NestJS 500 built from a database error', error: nest(dbError(), 500), status: 500 },
    { name: 'a NestJS 409 built from a database error', error: nest(dbError(), 409), status: 409 },
    { name: 'a Boom 503 whose payload is a database error', error: boom(dbError(), 503), status: 503 },
  ])('keeps the message and fields of $name out of the body', ({ error, status }) => {
    const envelope = toErrorEnvelope(error, { correlationId: 'w3' });
    expect(envelope.statusCode).toBe(status);
    const text = JSON.stringify(envelope);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('users_email_key');
    expect(Object.keys(envelope)).toEqual(['statusCode', 'message', 'error', 'timestamp', 'correlationID']);
  });
});

describe('toErrorEnvelope, a stack nested in an extra body key (W6)', () => {
  it.each([
    {
      name: 'an HttpError extra',
      error: () => new HttpError(502, { message: 'Upstream failed', upstream: clientError() }),
    },
    { name: 'a NestJS body key', error: () => nest({ message: 'Upstream failed', cause: clientError() }, 502) },
    {
      name: 'a deeper key',
      error: () =>
        new HttpError(400, { message: 'x', details: { inner: { stack: 'Error\n    at f (/srv/a.js:1:1)' } } }),
    },
  ])('drops the stack of $name', ({ error }) => {
    const text = JSON.stringify(toErrorEnvelope(error(), { correlationId: 'w6' }));
    expect(text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(text).not.toContain('"stack"');
    expect(text).not.toContain(SECRET);
  });
});
