/**
 * Look-alikes of other frameworks' errors, built by shape only (the library
 * must recognise them without importing them).
 */

/** A NestJS `HttpException` look-alike. */
export class FakeHttpException extends Error {
  constructor(
    private readonly response: string | Record<string, unknown>,
    private readonly status: number,
  ) {
    super(typeof response === 'string' ? response : 'Http Exception');
    this.name = 'HttpException';
  }

  getStatus(): number {
    return this.status;
  }

  getResponse(): string | Record<string, unknown> {
    return this.response;
  }
}

/** A NestJS `ThrottlerException` look-alike. */
export class ThrottlerException extends FakeHttpException {
  constructor() {
    super('ThrottlerException: Too Many Requests', 429);
    this.name = 'ThrottlerException';
  }
}

/** An `http-errors` look-alike: `createError(status, message, props)`. */
export function fakeHttpErrors(status: number, message: string, props: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: status < 500 }, props);
}

/** A Fastify error look-alike (`@fastify/error`): `code`, `statusCode`, no `expose`. */
export function fakeFastifyError(statusCode: number, message: string, props: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name: 'FastifyError', code: 'FST_ERR_TEST', statusCode }, props);
}

/** A Boom look-alike. */
export function fakeBoom(
  statusCode: number,
  payload: Record<string, unknown>,
  headers: Record<string, unknown> = {},
  message = 'boom internal message',
): Error {
  return Object.assign(new Error(message), {
    isBoom: true,
    output: { statusCode, payload, headers },
    data: { secret: 'data' },
  });
}
