import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The platform's response object (Express's `Response`, Fastify's `FastifyReply`), in a holder. */
export interface ResponseHolder {
  readonly response: object;
}

/**
 * Parameter decorator giving a handler the platform's response object, without the library-specific mode `@Res()`
 * would switch the route to. It comes in a holder: Nest awaits each argument, and a Fastify reply is a thenable that
 * settles only once it is sent. Internal to the adapter.
 *
 * @example
 * PlatformResponse()(prototype, 'list', 1); // the handler's second parameter
 */
export const PlatformResponse = createParamDecorator((_data: unknown, context: ExecutionContext): ResponseHolder => ({
  response: context.switchToHttp().getResponse(),
}));
