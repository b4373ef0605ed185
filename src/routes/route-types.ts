/** The route types of a resource, after the spec's controller definition (GET_LIST is the paginated list). */
export const ROUTE_TYPES = Object.freeze([
  'GET_LIST',
  'GET_LIST_CURSOR',
  'GET',
  'CREATE',
  'UPDATE',
  'PARTIAL_UPDATE',
  'DELETE',
] as const);

/** One route type: `GET_LIST`, `GET_LIST_CURSOR`, `GET`, `CREATE`, `UPDATE` (PUT), `PARTIAL_UPDATE` (PATCH) or `DELETE`. */
export type RouteType = (typeof ROUTE_TYPES)[number];

/** The HTTP methods the routes use. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Method and path (below the resource path) of each route type. */
export const ROUTE_SHAPES: { readonly [T in RouteType]: { readonly method: RouteMethod; readonly suffix: string } } =
  Object.freeze({
    GET_LIST: { method: 'GET', suffix: '' },
    CREATE: { method: 'POST', suffix: '' },
    GET_LIST_CURSOR: { method: 'GET', suffix: '/cursor' },
    GET: { method: 'GET', suffix: '/:id' },
    UPDATE: { method: 'PUT', suffix: '/:id' },
    PARTIAL_UPDATE: { method: 'PATCH', suffix: '/:id' },
    DELETE: { method: 'DELETE', suffix: '/:id' },
  });
