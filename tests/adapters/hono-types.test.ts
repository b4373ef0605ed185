import type { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { describe, expectTypeOf, it } from 'vitest';
import {
  correlationId,
  nodeErrorHandler,
  notFound,
  onError,
  resourceRoutes,
  type ResourceRoutesOptions,
} from 'pagelope/hono';

interface AppEnv {
  Variables: { user: { readonly id: string } };
}

describe('pagelope/hono types', () => {
  it("types locals as a function of the app's own Context, returning an object or a promise of one", () => {
    expectTypeOf<ResourceRoutesOptions<AppEnv>['locals']>().toEqualTypeOf<
      ((c: Context<AppEnv>) => object | Promise<object>) | undefined
    >();
    const options: ResourceRoutesOptions<AppEnv> = { locals: (c) => ({ user: c.get('user') }) };
    expectTypeOf(options).not.toBeAny();
    // @ts-expect-error locals returns an object
    const wrong: ResourceRoutesOptions = { locals: () => 'tenant' };
    expectTypeOf(wrong).not.toBeAny();
  });

  it('returns a Hono app, and gives c.get("correlationId") the type string', () => {
    expectTypeOf(resourceRoutes<AppEnv>).returns.toEqualTypeOf<Hono<AppEnv>>();
    const app = new Hono<AppEnv>().use(correlationId());
    app.get('/', (c) => {
      expectTypeOf(c.get('correlationId')).toEqualTypeOf<string>();
      return c.text(c.get('correlationId'));
    });
  });

  it('passes onError, notFound and nodeErrorHandler where Hono and @hono/node-server take them', () => {
    const app = new Hono<AppEnv>();
    app.onError(onError).notFound(notFound);
    type ListenerOptions = NonNullable<Parameters<typeof getRequestListener>[1]>;
    expectTypeOf(nodeErrorHandler).toMatchTypeOf<NonNullable<ListenerOptions['errorHandler']>>();
    expectTypeOf(nodeErrorHandler(new Error('x'))).toEqualTypeOf<Response>();
    expectTypeOf(nodeErrorHandler({ reportError: false })).toMatchTypeOf<
      NonNullable<ListenerOptions['errorHandler']>
    >();
    app.onError(onError({ reportError: (error, info) => console.error(info.correlationId, error) }));
  });
});
