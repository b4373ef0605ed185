import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/index';
import { methodNotAllowedError, toErrorReply } from '../../src/http/index';
import { malformedJsonError } from '../../src/http/malformed-json-error';

describe('toErrorReply', () => {
  it.each([
    { url: '/notes?limit=5', path: '/notes' },
    { url: '/notes', path: '/notes' },
    { url: '/a%20b?x=?y', path: '/a%20b' },
    { url: '/', path: '/' },
    { url: '/__proto__?constructor=1', path: '/__proto__' },
  ])('returns the envelope under the correlation id, and the report info with the path of $url', ({ url, path }) => {
    const reply = toErrorReply(new Error('secret'), { correlationId: 'c-1', method: 'GET', url });
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['x-correlation-id']).toBe('c-1');
    expect(reply.body).toMatchObject({ statusCode: 500, correlationID: 'c-1' });
    expect(JSON.stringify(reply.body)).not.toContain('secret');
    expect(reply.info).toStrictEqual({ correlationId: 'c-1', method: 'GET', path, statusCode: 500 });
  });

  it("returns the error's own headers and status (405 with allow)", () => {
    const reply = toErrorReply(methodNotAllowedError('PUT', 'GET, POST'), {
      correlationId: 'c-2',
      method: 'PUT',
      url: '/n',
    });
    expect([reply.statusCode, reply.headers['allow'], reply.info.statusCode]).toStrictEqual([405, 'GET, POST', 405]);
  });
});

describe('malformedJsonError', () => {
  it('returns the 400 parseJsonBody throws, with the cause when given', () => {
    const cause = new SyntaxError('Unexpected token');
    const error = malformedJsonError(cause);
    expect(error).toBeInstanceOf(HttpError);
    expect([error.statusCode, error.message, error.cause]).toStrictEqual([400, 'Malformed JSON body', cause]);
    expect(malformedJsonError().cause).toBeUndefined();
  });
});
