import 'reflect-metadata';
import { Catch, type ArgumentsHost, type ExceptionFilter, Inject } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import express, { type Response } from 'express';
import { BODY_LIMIT_BYTES, createDemo, type Demo, type DemoOptions } from '../shared/demo-app';
import { correlationIdOf, expressCorrelationId } from '../shared/express-correlation-id';
import { sendExpressReply } from '../shared/send-express-reply';
import { DEMO, DemoController } from './demo-controller';
import { answerClientError } from '../shared/client-error';

/** The global catch-all filter: guards (the throttler's 429), body parsing (400, 413), routes and 500s alike. */
@Catch()
class DemoExceptionFilter implements ExceptionFilter {
  constructor(@Inject(DEMO) private readonly demo: Demo) {}
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) res.end();
    else void sendExpressReply(res, this.demo.error(exception, correlationIdOf(res)));
  }
}

/**
 * The demo as a NestJS 11 app on Express, initialised but not listening (async, as creating a Nest app is). Order:
 * the correlation-id middleware, `express.json` (Nest's parser is off, so its 400/413 reach the filter), the global
 * `ThrottlerGuard` (its `Retry-After` header stays on the 429), the routes; every failure goes to the one filter.
 */
export async function createApp(options: DemoOptions = {}): Promise<NestExpressApplication> {
  const demo = createDemo(options);
  const { max: limit, windowMs: ttl } = demo.rateLimit;
  const app = await NestFactory.create<NestExpressApplication>(
    {
      module: class DemoModule {},
      // One budget per client for the whole API, rather than the throttler's default of one per route handler.
      imports: [ThrottlerModule.forRoot([{ ttl, limit, generateKey: (_, client, name) => `${name}:${client}` }])],
      controllers: [DemoController],
      providers: [
        { provide: DEMO, useValue: demo },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_FILTER, useClass: DemoExceptionFilter },
      ],
    },
    { bodyParser: false, forceCloseConnections: true, logger: ['error', 'warn'] },
  );
  app.disable('x-powered-by');
  app.getHttpServer().on('clientError', answerClientError);
  app.use(expressCorrelationId(demo));
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));
  return app.init();
}
