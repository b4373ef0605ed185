import { Controller, Get, Inject, Req, Res, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { routeNotFoundError } from 'pagelope/http';
import { docsPage } from '../shared/docs-page';

/**
 * The controller of `GET /docs` and its assets (`docsPage`), on either platform: it answers through Nest's HTTP
 * adapter, and a path `docsPage` does not serve with the 404 envelope (`Cannot GET /docs/...`).
 */
export function docsController(): Type<unknown> {
  @Controller('docs')
  class DocsController {
    constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

    @Get(['', ':file']) serve(@Req() request: { method: string; url: string }, @Res() response: unknown): void {
      const page = docsPage(request.url);
      if (page === undefined) throw routeNotFoundError(request.method, request.url.split('?', 1)[0] ?? '');
      const { httpAdapter } = this.host;
      for (const [name, value] of Object.entries(page.headers)) httpAdapter.setHeader(response, name, value);
      httpAdapter.reply(response, page.body, page.status);
    }
  }
  return DocsController;
}
