import { validate as isUuid, version as uuidVersion } from 'uuid';
import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../../src/errors/error-envelope';
import { HttpError } from '../../src/errors/http-error';
import { NotFoundError } from '../../src/errors/http-errors';
import { fakeBoom, FakeHttpException, fakeHttpErrors, ThrottlerException } from './fakes';

const SECRET = 'SECRET-stack-and-message-7f3a';
const NOW = (): number => 1_700_000_000_000;
const ID = 'req-1';

describe('toErrorEnvelope', () => {
  it.each([
    {
      label: 'an HttpError',
      error: new NotFoundError('Book not found'),
      expected: { statusCode: 404, message: 'Book not found', error: 'Not Found' },
    },
    {
      label: 'an HttpError with extras',
      error: new HttpError(422, { message: ['title is required'], fields: ['title'] }),
      expected: { statusCode: 422, message: ['title is required'], error: 'Unprocessable Entity', fields: ['title'] },
    },
    {
      label: 'a NestJS HttpException whose body tries to override fixed keys',
      error: new FakeHttpException(
        { message: 'x', details: [1], statusCode: 200, timestamp: 0, correlationID: 'evil' },
        400,
      ),
      expected: { statusCode: 400, message: 'x', error: 'Bad Request', details: [1] },
    },
    {
      label: 'an http-errors 500 with expose false',
      error: fakeHttpErrors(500, SECRET),
      expected: { statusCode: 500, message: 'Internal Server Error', error: 'Internal Server Error' },
    },
    {
      label: 'a Boom error',
      error: fakeBoom(404, { statusCode: 404, error: 'Not Found', message: 'missing' }),
      expected: { statusCode: 404, message: 'missing', error: 'Not Found' },
    },
    {
      label: 'a ThrottlerException',
      error: new ThrottlerException(),
      expected: { statusCode: 429, message: 'Too Many Requests', error: 'Too Many Requests' },
    },
  ])('returns the envelope of $label', ({ error, expected }) => {
    const envelope = toErrorEnvelope(error, { correlationId: ID, now: NOW });
    expect(envelope).toEqual({ ...expected, timestamp: 1_700_000_000_000, correlationID: ID });
    expect(Object.keys(envelope).slice(0, 5)).toEqual(['statusCode', 'message', 'error', 'timestamp', 'correlationID']);
    expect(Object.isFrozen(envelope)).toBe(true);
  });

  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  const throwingGetter = Object.defineProperty({}, 'statusCode', {
    enumerable: true,
    get() {
      throw new Error(SECRET);
    },
  });
  const withStack = new Error(SECRET);
  withStack.stack = `Error: ${SECRET}\n    at secretFunction (/srv/app/${SECRET}.js:1:1)`;

  it.each([
    { label: 'an Error', error: withStack },
    { label: 'a thrown string', error: SECRET },
    { label: 'null', error: null },
    { label: 'undefined', error: undefined },
    { label: 'a Symbol', error: Symbol(SECRET) },
    { label: 'a cyclic object', error: cyclic },
    { label: 'an object whose getter throws', error: throwingGetter },
    { label: 'an error with an out-of-range status', error: Object.assign(new Error(SECRET), { statusCode: 700 }) },
  ])('returns the generic 500 without message or stack for $label', ({ error }) => {
    const envelope = toErrorEnvelope(error, { correlationId: ID, now: NOW });
    expect(envelope).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal server error',
      timestamp: 1_700_000_000_000,
      correlationID: ID,
    });
    const json = JSON.stringify(envelope);
    expect(json).not.toContain(SECRET);
    expect(json).not.toContain('secretFunction');
  });

  it.each([
    { label: 'a CR/LF id', correlationId: 'abc\r\nx' },
    { label: 'a 10 KB id', correlationId: 'a'.repeat(10_240) },
    { label: 'a Unicode id', correlationId: 'ünï' },
    { label: 'an empty id', correlationId: '' },
    { label: 'a non-string id', correlationId: 42 as unknown as string },
    { label: 'a missing id', correlationId: undefined as unknown as string },
  ])('returns a new uuid v4 as correlationID for $label', ({ correlationId }) => {
    const { correlationID } = toErrorEnvelope(new NotFoundError(), { correlationId });
    expect(isUuid(correlationID)).toBe(true);
    expect(uuidVersion(correlationID)).toBe(4);
  });

  it.each([
    {
      label: 'a throwing clock',
      now: (): number => {
        throw new Error('clock');
      },
    },
    { label: 'a NaN clock', now: (): number => Number.NaN },
    { label: 'an Infinity clock', now: (): number => Number.POSITIVE_INFINITY },
    { label: 'a string clock', now: (() => '1700000000000') as unknown as () => number },
    { label: 'a non-function clock', now: 5 as unknown as () => number },
    { label: 'no clock', now: undefined },
  ])('returns Date.now() as timestamp for $label', ({ now }) => {
    const before = Date.now();
    const { timestamp } = toErrorEnvelope(new NotFoundError(), { correlationId: ID, now });
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    { label: 'null options', options: null },
    { label: 'undefined options', options: undefined },
    {
      label: 'options whose getters throw',
      options: Object.defineProperty({}, 'correlationId', {
        get: () => {
          throw new Error('x');
        },
      }),
    },
  ])('returns an envelope for $label', ({ options }) => {
    const envelope = toErrorEnvelope(new NotFoundError(), options as unknown as { correlationId: string });
    expect(envelope.statusCode).toBe(404);
    expect(isUuid(envelope.correlationID)).toBe(true);
  });

  it('returns deep-frozen extras and a frozen message array', () => {
    const envelope = toErrorEnvelope(new HttpError(400, { message: ['a'], details: { list: [1] } }), {
      correlationId: ID,
    });
    expect(Object.isFrozen(envelope['message'])).toBe(true);
    expect(Object.isFrozen(envelope['details'])).toBe(true);
    expect(Object.isFrozen((envelope['details'] as { list: number[] }).list)).toBe(true);
  });
});
