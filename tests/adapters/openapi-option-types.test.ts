import { describe, expectTypeOf, it } from 'vitest';
import type { OpenApiRouteOptions } from 'pagelope/http';
import type { ResourceRouterOptions } from 'pagelope/express';
import type { PagelopeFastifyOptions } from 'pagelope/fastify';
import type { ResourceRoutesOptions } from 'pagelope/hono';
import type { PagelopeModuleOptions } from 'pagelope/nestjs';

describe("the adapters' openapi option types", () => {
  it('is the optional OpenApiRouteOptions on all four adapters', () => {
    expectTypeOf<ResourceRouterOptions['openapi']>().toEqualTypeOf<OpenApiRouteOptions | undefined>();
    expectTypeOf<PagelopeFastifyOptions['openapi']>().toEqualTypeOf<OpenApiRouteOptions | undefined>();
    expectTypeOf<ResourceRoutesOptions['openapi']>().toEqualTypeOf<OpenApiRouteOptions | undefined>();
    expectTypeOf<PagelopeModuleOptions['openapi']>().toEqualTypeOf<OpenApiRouteOptions | undefined>();
    expectTypeOf<OpenApiRouteOptions>().not.toBeAny();
  });

  it('takes info, servers and path, and refuses misuse at compile time', () => {
    const full: ResourceRouterOptions = {
      openapi: {
        info: { title: 'Shop API', version: '1.0.0', description: 'Products.' },
        servers: [{ url: 'https://api.example.com/v1', description: 'production' }],
        path: '/docs/openapi.json',
      },
    };
    expectTypeOf(full.openapi).not.toBeAny();
    const misuse = (): ResourceRoutesOptions[] => [
      // @ts-expect-error info is required
      { openapi: { path: '/openapi.json' } },
      // @ts-expect-error info needs a version
      { openapi: { info: { title: 'Shop API' } } },
      // @ts-expect-error servers is a list of { url }
      { openapi: { info: { title: 'Shop API', version: '1' }, servers: ['https://api.example.com'] } },
      // @ts-expect-error path is a string
      { openapi: { info: { title: 'Shop API', version: '1' }, path: 1 } },
    ];
    expectTypeOf(misuse).toBeFunction();
  });
});
