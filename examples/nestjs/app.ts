import 'reflect-metadata';
import { All, Body, Catch, Controller, Delete, Get, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CORRELATION_ID_HEADER } from 'pagelope';
import { ALLOWED_METHODS, BODY_LIMIT_BYTES, createDemo } from '../shared/demo-app';
import type { Demo, DemoOptions, Reply } from '../shared/demo-app';

/** Injection token of the demo. Tokens are explicit: tsx and vitest (esbuild) emit no `design:paramtypes`. */
export const DEMO = Symbol('pagelope demo');

/**
 * The demo's routes, matched in declaration order: each path's 405 comes after its routes (`/users/cursor`'s before
 * `/users/:id`, so `PATCH /users/cursor` is a 405, not an update), and the catch-all 404 comes last.
 */
@Controller()
class DemoController {
  constructor(@Inject(DEMO) private readonly demo: Demo) {}
  @Get('users') list(@Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.list(rawQuery(req), req.headers, idOf(res)));
  }
  @Post('users') create(@Body() body: unknown, @Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.create(body, req.headers, idOf(res)));
  }
  @Get('users/cursor') cursor(@Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.cursor(rawQuery(req), req.headers, idOf(res)));
  }
  @All('users/cursor') cursorOtherMethods(@Req() req: Request, @Res() res: Response) {
    return this.otherMethods(req, res);
  }
  @Get('users/:id') get(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.get(id, req.headers, idOf(res)));
  }
  @Patch('users/:id')
  update(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.update(id, body, req.headers, idOf(res)));
  }
  @Delete('users/:id') remove(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.remove(id, req.headers, idOf(res)));
  }
  @Get('audit') audit(@Res() res: Response) {
    return send(res, this.demo.auditLog(idOf(res)));
  }
  @All(Object.keys(ALLOWED_METHODS)) otherMethods(@Req() req: Request, @Res() res: Response) {
    const allow = ALLOWED_METHODS[(req.route as { path: string }).path] ?? ''; // the matched pattern
    return send(res, this.demo.methodNotAllowed(req.method, allow, idOf(res)));
  }
  @All('{*path}') notFound(@Req() req: Request, @Res() res: Response) {
    return send(res, this.demo.notFound(req.method, req.path, idOf(res)));
  }
}

/** The global catch-all filter: guards (the throttler's 429), body parsing (400, 413), routes and 500s alike. */
@Catch()
class DemoExceptionFilter implements ExceptionFilter {
  constructor(@Inject(DEMO) private readonly demo: Demo) {}
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) res.end();
    else void send(res, this.demo.error(exception, idOf(res)));
  }
}

/**
 * The demo as a NestJS 11 app on Express, initialised but not listening (async, as creating a Nest app is). Order:
 * the correlation-id middleware, `express.json` (Nest's parser is off, so its 400/413 reach the filter), the global
 * `ThrottlerGuard` (its `Retry-After` header stays on the 429), the routes; every failure goes to the one filter.
 * List routes hand `parseListQuery` the raw query string rather than `req.query`, so its own checks apply.
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
  app.use((req: Request, res: Response, next: NextFunction) => {
    const id = demo.correlationIdOf(req.headers);
    res.locals['correlationId'] = id;
    res.setHeader(CORRELATION_ID_HEADER, id);
    next();
  });
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));
  return app.init();
}

const idOf = (res: Response): string => res.locals['correlationId'] as string;

const rawQuery = (req: Request): string => {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at + 1);
};

async function send(res: Response, pending: Reply | Promise<Reply>): Promise<void> {
  const reply = await pending;
  res.status(reply.status).set(reply.headers);
  if (reply.body === undefined) res.end();
  else res.json(reply.body);
}
