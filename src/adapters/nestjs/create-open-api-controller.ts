import { Controller, Inject, RequestMapping, RequestMethod, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { OpenApiRoute } from 'pagelope/http';
import { PlatformResponse, type ResponseHolder } from './platform-response';

const CONTENT_TYPE = 'application/json; charset=utf-8';

interface OpenApiController {
  readonly adapterHost: HttpAdapterHost;
}

/**
 * Builds the Nest controller of the module's `openapi` option: `GET path` (HEAD as the platform answers it for any
 * GET route) returns the document's JSON text as `application/json; charset=utf-8`, through Nest's pipeline (guards
 * and interceptors run as on any route; the middleware has set the correlation id). Another method on the path is
 * a 405 with `allow: GET`, answered by the exception filter. Internal to the adapter.
 *
 * @example
 * const controller = createOpenApiController(toOpenApiRoute(routes, { info: { title: 'API', version: '1' } }));
 */
export function createOpenApiController({ path, json }: OpenApiRoute): Type<unknown> {
  class PagelopeOpenApiController implements OpenApiController {
    constructor(readonly adapterHost: HttpAdapterHost) {}
  }
  Object.defineProperty(PagelopeOpenApiController, 'name', { value: `PagelopeOpenApiController(${path})` });
  Inject(HttpAdapterHost)(PagelopeOpenApiController, undefined, 0);
  Controller()(PagelopeOpenApiController);
  const prototype = PagelopeOpenApiController.prototype as object;
  function document(this: OpenApiController, res: ResponseHolder): string {
    this.adapterHost.httpAdapter.setHeader(res.response, 'content-type', CONTENT_TYPE);
    return json;
  }
  let descriptor: PropertyDescriptor = { value: document, writable: true, configurable: true, enumerable: false };
  descriptor = RequestMapping({ path, method: RequestMethod.GET })(prototype, 'document', descriptor) ?? descriptor;
  Object.defineProperty(prototype, 'document', descriptor);
  PlatformResponse()(prototype, 'document', 0);
  return PagelopeOpenApiController;
}
