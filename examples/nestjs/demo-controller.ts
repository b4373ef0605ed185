import { All, Body, Controller, Delete, Get, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ALLOWED_METHODS, type Demo } from '../shared/demo-app';
import { correlationIdOf } from '../shared/express-correlation-id';
import { queryStringOf } from '../shared/query-string-of';
import { sendExpressReply } from '../shared/send-express-reply';

/** Injection token of the demo. Tokens are explicit: tsx and vitest (esbuild) emit no `design:paramtypes`. */
export const DEMO = Symbol('pagelope demo');

/**
 * The demo's routes, matched in declaration order: each path's 405 comes after its routes (`/users/cursor`'s before
 * `/users/:id`, so `PATCH /users/cursor` is a 405, not an update), and the catch-all 404 comes last.
 * List routes hand `parseListQuery` the raw query string rather than `req.query`, so its own checks apply.
 */
@Controller()
export class DemoController {
  constructor(@Inject(DEMO) private readonly demo: Demo) {}
  @Get('users') list(@Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.list(queryStringOf(req.originalUrl), req.headers, correlationIdOf(res)));
  }
  @Post('users') create(@Body() body: unknown, @Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.create(body, req.headers, correlationIdOf(res)));
  }
  @Get('users/cursor') cursor(@Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.cursor(queryStringOf(req.originalUrl), req.headers, correlationIdOf(res)));
  }
  @All('users/cursor') cursorOtherMethods(@Req() req: Request, @Res() res: Response) {
    return this.otherMethods(req, res);
  }
  @Get('users/:id') get(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.get(id, req.headers, correlationIdOf(res)));
  }
  @Patch('users/:id')
  update(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.update(id, body, req.headers, correlationIdOf(res)));
  }
  @Delete('users/:id') remove(@Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.remove(id, req.headers, correlationIdOf(res)));
  }
  @Get('audit') audit(@Res() res: Response) {
    return sendExpressReply(res, this.demo.auditLog(correlationIdOf(res)));
  }
  @All(Object.keys(ALLOWED_METHODS)) otherMethods(@Req() req: Request, @Res() res: Response) {
    const allow = ALLOWED_METHODS[(req.route as { path: string }).path] ?? ''; // the matched pattern
    return sendExpressReply(res, this.demo.methodNotAllowed(req.method, allow, correlationIdOf(res)));
  }
  @All('{*path}') notFound(@Req() req: Request, @Res() res: Response) {
    return sendExpressReply(res, this.demo.notFound(req.method, req.path, correlationIdOf(res)));
  }
}
