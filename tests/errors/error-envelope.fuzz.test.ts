/**
 * Fuzzing of `toErrorEnvelope`, `errorResponse` and `resolveCorrelationId` beyond the property tests in tests/errors:
 * thrown values whose getters throw, hostile Proxies, cyclic values, huge messages, Symbols, and NestJS, Boom and
 * http-errors look-alikes with fields of the wrong type, each carrying a secret in the places a body must never show.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, errorResponse, resolveCorrelationId, toErrorEnvelope, type ErrorEnvelope } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';
import { statusName } from '../../src/errors/status-names';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 300 }); // the seed is tests/setup.ts's

const SECRET = 'db-password-hunter2';
const STACK = /\bat .+\.(?:ts|js|mjs|cjs):\d+|node_modules/;
const SAFE_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const throwing = (): never => {
  throw new Error(SECRET);
};

/** A Proxy whose every trap throws an error carrying the secret. */
const hostileProxy = (): object =>
  new Proxy(function target() {}, {
    get: throwing,
    has: throwing,
    ownKeys: throwing,
    getPrototypeOf: throwing,
    getOwnPropertyDescriptor: throwing,
    apply: throwing,
  });

/**
 * Every arbitrary below yields a factory rather than the value: fast-check probes generated values (for cloning and
 * printing), and the values here throw on every probe, so they are built only inside the property.
 */
type Make = () => unknown;
const value =
  (v: unknown): Make =>
  () =>
    v;
const make = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Make> => arbitrary.map(value);
const build = (factory: Make): unknown => factory();

/** A value that is wrong wherever it is put: other types, throwing getters, Proxies, cycles, Symbols, huge data. */
const wrong: fc.Arbitrary<Make> = fc.oneof(
  make(fc.anything({ maxDepth: 2, withBigInt: true, withNullPrototype: true, withMap: true })),
  make(
    fc.constantFrom(
      Symbol(SECRET),
      Symbol.for('pagelope.HttpError'),
      Number.NaN,
      Infinity,
      -0,
      404.5,
      '404',
      '500',
      200,
      1e9,
      600,
      399,
      true,
    ),
  ),
  fc.constant(() => hostileProxy()),
  fc.constant(() => {
    const cyclic: Record<string, unknown> = { message: 'cyclic' };
    cyclic['self'] = cyclic;
    cyclic['payload'] = cyclic;
    return cyclic;
  }),
  fc.constant(() => Object.defineProperty({}, 'message', { enumerable: true, get: throwing })),
  fc.constant(() => ({ toJSON: throwing, toString: throwing, valueOf: throwing })),
  fc.constant(() => ({ [Symbol.toPrimitive]: throwing })),
);

/** Status-like values, right and wrong. */
const status: fc.Arbitrary<Make> = fc.oneof(make(fc.integer({ min: 100, max: 700 })), wrong);

/** Returns `target` with some of its keys turned into getters that throw the secret. */
const poison = (target: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> => {
  for (const key of keys) Object.defineProperty(target, key, { enumerable: true, configurable: true, get: throwing });
  return target;
};

const someKeys = (keys: readonly string[]) => fc.subarray([...keys]);

/** An `Error` whose message, stack, cause and hidden properties hold the secret, with a status-like field. */
const internalError: fc.Arbitrary<Make> = fc
  .record({ statusCode: status, status, expose: fc.oneof(make(fc.constantFrom(undefined, false)), wrong) })
  .map(({ statusCode, status: st, expose }) => () => {
    const error = Object.assign(new Error(`${SECRET} at query`, { cause: new Error(SECRET) }), {
      statusCode: build(statusCode),
      status: build(st),
      // `expose: true` is the thrower's explicit consent to show the message; anything else must hide it at 5xx.
      expose: ((exposed: unknown) => (exposed === true ? undefined : exposed))(build(expose)),
    });
    error.stack = `Error: ${SECRET}\n    at handler (/srv/app/src/db.ts:42:7)`;
    Object.defineProperty(error, 'sql', { value: `SELECT '${SECRET}'`, enumerable: false });
    return error;
  });

/** NestJS HttpException look-alikes with wrong types and throwing methods. */
const nestLike: fc.Arbitrary<Make> = fc
  .record({
    st: status,
    response: fc.oneof(
      wrong,
      make(fc.string()),
      fc.record({ message: wrong, error: wrong, extra: wrong }).map((parts) => () => ({
        message: build(parts.message),
        error: build(parts.error),
        extra: build(parts.extra),
      })),
    ),
    throwStatus: fc.boolean(),
    throwResponse: fc.boolean(),
    name: fc.constantFrom('HttpException', 'ThrottlerException', 'Error'),
  })
  .map(({ st, response, throwStatus, throwResponse, name }) => () => {
    const statusValue = build(st);
    const responseValue = build(response);
    return Object.assign(new Error(SECRET), {
      name,
      getStatus: throwStatus ? throwing : () => statusValue,
      getResponse: throwResponse ? throwing : () => responseValue,
    });
  });

/** Boom look-alikes: `isBoom` with an `output` of any shape. */
const boomLike: fc.Arbitrary<Make> = fc
  .record({
    output: fc.oneof(
      wrong,
      fc
        .record({
          statusCode: status,
          message: wrong,
          error: wrong,
          payload: wrong,
          headers: wrong,
          plain: fc.boolean(),
        })
        .map((parts) => () => ({
          statusCode: build(parts.statusCode),
          payload: parts.plain ? { message: build(parts.message), error: build(parts.error) } : build(parts.payload),
          headers: build(parts.headers),
        })),
    ),
    poisoned: someKeys(['output']),
  })
  .map(
    ({ output, poisoned }) =>
      () =>
        poison(
          Object.assign(new Error(SECRET), { isBoom: true, output: build(output) }) as object as Record<
            string,
            unknown
          >,
          poisoned,
        ),
  );

const fieldsOf = (keys: readonly string[]) =>
  fc.tuple(fc.tuple(...keys.map(() => wrong)), fc.tuple(...keys.map(() => status)), someKeys(keys));

/** http-errors and Fastify look-alikes as plain objects, some fields throwing. */
const httpErrorsLike: fc.Arbitrary<Make> = fieldsOf([
  'statusCode',
  'status',
  'message',
  'expose',
  'headers',
  'name',
]).map(([values, statuses, poisoned]) => () => {
  const target: Record<string, unknown> = {
    statusCode: build(statuses[0] as Make),
    status: build(statuses[1] as Make),
    message: build(values[2] as Make),
    expose: build(values[3] as Make),
    headers: build(values[4] as Make),
  };
  return poison(target, poisoned);
});

/** Branded look-alikes of another copy's HttpError, with fields of the wrong type. */
const brandedLike: fc.Arbitrary<Make> = fieldsOf(['statusCode', 'message', 'error', 'extras', 'headers']).map(
  ([values, statuses, poisoned]) =>
    () => {
      const target: Record<string, unknown> = {
        statusCode: build(statuses[0] as Make),
        message: build(values[1] as Make),
        error: build(values[2] as Make),
        extras: build(values[3] as Make),
        headers: build(values[4] as Make),
      };
      Object.defineProperty(target, Symbol.for('pagelope.HttpError'), { value: true });
      return poison(
        target,
        poisoned.filter((key) => key !== 'error' && key !== 'headers'),
      );
    },
);

/** Huge messages and bodies. */
const huge: fc.Arbitrary<Make> = fc.constantFrom<Make>(
  () => new HttpError(400, 'm'.repeat(1_000_000)),
  () =>
    new HttpError(
      422,
      Array.from({ length: 100_000 }, (_, i) => `problem ${i}`),
    ),
  () => ({ statusCode: 404, message: 'x'.repeat(1_000_000) }),
  () => ({
    getStatus: () => 400,
    getResponse: () => ({ message: ['a'], list: Array.from({ length: 100_000 }, () => 1) }),
  }),
  () => ({ isBoom: true, output: { statusCode: 400, payload: { message: 'b'.repeat(1_000_000) }, headers: {} } }),
);

const thrown = fc.oneof(wrong, internalError, nestLike, boomLike, httpErrorsLike, brandedLike, huge);

/** Asserts the envelope invariants that hold for anything thrown. */
function expectValidEnvelope(envelope: ErrorEnvelope): void {
  expect(Object.isFrozen(envelope)).toBe(true);
  expect(Object.keys(envelope).slice(0, 5)).toEqual(['statusCode', 'message', 'error', 'timestamp', 'correlationID']);
  expect(Number.isInteger(envelope.statusCode) && envelope.statusCode >= 400 && envelope.statusCode <= 599).toBe(true);
  const messages = typeof envelope.message === 'string' ? [envelope.message] : envelope.message;
  expect(Array.isArray(messages) && messages.length > 0).toBe(true);
  expect(messages.every((message: unknown) => typeof message === 'string' && message.length > 0)).toBe(true);
  expect(typeof envelope.error === 'string' && envelope.error.length > 0).toBe(true);
  expect(Number.isFinite(envelope.timestamp)).toBe(true);
  expect(envelope.correlationID).toMatch(SAFE_TOKEN);
  const text = JSON.stringify(envelope);
  expect(typeof text).toBe('string');
  expect(text).not.toMatch(STACK);
  expect(Object.hasOwn(envelope, 'stack')).toBe(false);
}

describe('toErrorEnvelope and errorResponse, fuzzed with hostile thrown values', () => {
  it('never throw and always give a valid envelope with a 4xx or 5xx status', () => {
    fc.assert(
      fc.property(thrown, wrong, (makeError, makeId) => {
        const error = build(makeError);
        const correlationId = build(makeId);
        const envelope = toErrorEnvelope(error, { correlationId: correlationId as string, now: throwing });
        expectValidEnvelope(envelope);
        const response = errorResponse(error, {
          headers: { 'x-correlation-id': correlationId as string },
          now: throwing,
        });
        expectValidEnvelope(response.body);
        expect(response.statusCode).toBe(response.body.statusCode);
        expect(response.headers['x-correlation-id']).toBe(response.body.correlationID);
      }),
    );
  });

  it('never throw when the options themselves are hostile', () => {
    fc.assert(
      fc.property(
        thrown,
        fc.oneof(wrong, fc.record({ correlationId: wrong, now: wrong, headers: wrong })),
        (error, options) => {
          expectValidEnvelope(toErrorEnvelope(error, options as never));
          expectValidEnvelope(errorResponse(error, options as never).body);
        },
      ),
    );
  });

  it('never put the message, stack, cause or hidden fields of an internal error into a 5xx body', () => {
    fc.assert(
      fc.property(internalError, (makeError) => {
        const error = build(makeError);
        const envelope = toErrorEnvelope(error, { correlationId: 'fuzz-1' });
        if (envelope.statusCode >= 500) {
          expect(JSON.stringify(envelope)).not.toContain(SECRET);
          expect([statusName(envelope.statusCode), 'Internal server error']).toContain(envelope.message);
        }
      }),
    );
  });

  it('never put the text of an error thrown by a getter, a Proxy trap or a method into any body', () => {
    fc.assert(
      fc.property(fc.oneof(nestLike, boomLike, httpErrorsLike, brandedLike, wrong), (makeError) => {
        const error = build(makeError);
        // The secret is only ever the message of an Error thrown by a hostile read, or of the thrown Error itself.
        const envelope = errorResponse(error, { headers: { 'x-correlation-id': 'fuzz-2' } }).body;
        expect(JSON.stringify(envelope)).not.toContain(SECRET);
      }),
    );
  });

  it('answer a status outside 400..599 of any shape with the masked 500', () => {
    const outside = fc.oneof(fc.integer({ min: -1000, max: 399 }), fc.integer({ min: 600, max: 100_000 }));
    const shapes = outside.chain((st) =>
      fc.constantFrom<Make>(
        () => ({ statusCode: st, message: SECRET }),
        () => Object.assign(new Error(SECRET), { status: st, expose: true }),
        () => ({ getStatus: () => st, getResponse: () => ({ message: SECRET }) }),
        () => ({ isBoom: true, output: { statusCode: st, payload: { message: SECRET }, headers: {} } }),
      ),
    );
    fc.assert(
      fc.property(shapes, (makeError) => {
        const envelope = toErrorEnvelope(build(makeError), { correlationId: 'fuzz-3' });
        expect(envelope).toMatchObject({ statusCode: 500, message: 'Internal server error' });
        expect(JSON.stringify(envelope)).not.toContain(SECRET);
      }),
    );
  });
});

describe('resolveCorrelationId, fuzzed with hostile header containers', () => {
  const header: fc.Arbitrary<Make> = fc.oneof(
    make(fc.string({ unit: 'binary', maxLength: 300 })),
    make(fc.stringMatching(SAFE_TOKEN).map((token) => `${token}\r\nSet-Cookie: a=b`)),
    make(fc.stringMatching(SAFE_TOKEN).map((token) => ` ${token}`)),
    make(fc.integer({ min: 129, max: 1_000_000 }).map((n) => 'a'.repeat(n))),
    make(fc.array(fc.oneof(fc.string(), fc.stringMatching(SAFE_TOKEN)), { maxLength: 5 })),
    wrong,
  );
  const containers: readonly ((v: unknown) => unknown)[] = [
    (v) => ({ 'x-correlation-id': v }),
    (v) => poison({ 'x-correlation-id': v }, ['x-correlation-id']),
    (v) => ({ get: () => v }),
    () => ({ get: throwing }),
    (v) => ({ get: 'not a function', 'x-correlation-id': v }),
    (v) => new Proxy({ 'x-correlation-id': v }, { ownKeys: throwing }),
    () => hostileProxy(),
    (v) => Object.assign(Object.create(null) as object, { 'X-CORRELATION-ID': v }),
    (v) => [v],
    (v) => (typeof v === 'string' ? doubledHeaders(v) : { 'x-correlation-id': v }),
  ];
  const container = fc.tuple(header, fc.integer({ min: 0, max: containers.length - 1 }));

  it('always returns a safe token, and echoes only a safe incoming value', () => {
    fc.assert(
      fc.property(container, ([makeHeader, form]) => {
        const headers = containers[form]?.(build(makeHeader));
        const id = resolveCorrelationId(headers);
        expect(id).toMatch(SAFE_TOKEN);
        expect(isSafeCorrelationId(id)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

/** A Fetch `Headers` holding `value` twice (joined with ', ') when Fetch accepts it, else an empty one. */
function doubledHeaders(value: string): Headers {
  const headers = new Headers();
  try {
    headers.append('x-correlation-id', value);
    headers.append('x-correlation-id', value);
  } catch {
    // Fetch refuses values with CR, LF or NUL: an empty Headers is hostile enough.
  }
  return headers;
}
