import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ResourceRoutes,
} from 'pagelope';
import { type RouteReply } from '../../src/routes/index';

const userSchema = z.object({ id: z.string(), username: z.string(), age: z.number().optional() });
interface User {
  id: string;
  username: string;
  age?: number | undefined;
}
const users = defineResource({ name: 'users', schema: userSchema });
const service = createResourceService({ resource: users, repository: createMemoryRepository(users) });

describe('defineRoutes', () => {
  it('returns ResourceRoutes of the record type, assignable to the untyped form adapters take', () => {
    const routes = defineRoutes(service);
    expectTypeOf(routes).toEqualTypeOf<ResourceRoutes<z.output<typeof userSchema>>>();
    expectTypeOf(routes).not.toBeAny();
    const untyped: ResourceRoutes = routes;
    const list: readonly ResourceRoutes[] = [routes, untyped];
    expectTypeOf(list).not.toBeAny();
    const fromInterface = {} as ResourceRoutes<User>;
    const widened: ResourceRoutes = fromInterface;
    expectTypeOf(widened).not.toBeAny();
  });

  it('types handle replies', () => {
    expectTypeOf(defineRoutes(service).routes[0]!.handle).returns.resolves.toEqualTypeOf<RouteReply>();
  });

  it('rejects unknown route types and options at compile time', () => {
    // @ts-expect-error: not a route type
    defineRoutes(service, { routes: { LIST: true } });
    // @ts-expect-error: path must be a string
    defineRoutes(service, { path: 42 });
  });
});
