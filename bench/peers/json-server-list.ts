import { createRequire } from 'node:module';
import type { Page } from './list-peers';

const require = createRequire(import.meta.url);

/** One record as json-server holds it: loaded from JSON, so dates are ISO strings. */
export type JsonUser = Record<string, unknown> & { readonly id: string };

interface Layer {
  readonly regexp: RegExp;
  readonly handle: ((...args: unknown[]) => void) & { readonly stack?: Layer[] };
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean>; readonly stack: Layer[] };
}

type ListHandler = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

/**
 * json-server 0.17's own list logic, run in-process: `jsonServer.router({ users })` builds its real Express router
 * over a lowdb in-memory database; we take the `GET /users` handler out of that router (the `list` function of
 * `json-server/lib/server/router/plural.js`) and call it with a minimal request and response. That is the code every
 * `GET /users?...` runs (its lodash chain: filter per query key, `orderBy`, `size()` for `X-Total-Count`, then the
 * page and a `cloneDeep` of it), without Express routing, its 1 ms `_delay` timer or JSON output (W3 runs the real
 * server over HTTP).
 */
export function createJsonServerList(
  records: readonly JsonUser[],
): (query: Readonly<Record<string, string>>) => Page<JsonUser> {
  const jsonServer = require('json-server') as { router(db: unknown): Layer['handle'] & { stack: Layer[] } };
  const router = jsonServer.router({ users: records });
  const mount = router.stack.find((layer) => layer.regexp.test('/users') && !layer.regexp.test('/other'));
  const route = mount?.handle.stack?.find((layer) => layer.route?.path === '/' && layer.route.methods['get'])?.route;
  const list = route?.stack[0]?.handle as ListHandler | undefined;
  if (!list) throw new Error('json-server 0.17: GET /users handler not found in its router');

  return (query) => {
    const headers: Record<string, string> = {};
    const search = new URLSearchParams(query as Record<string, string>).toString();
    // json-server deletes the keys it consumes from req.query, so each call gets a fresh copy.
    const req = { query: { ...query }, protocol: 'http', originalUrl: `/users?${search}`, get: () => '127.0.0.1' };
    const res = {
      locals: {} as { data?: JsonUser[] },
      setHeader(name: string, value: unknown) {
        headers[name.toLowerCase()] = String(value);
      },
      links() {},
    };
    let failure: unknown;
    list(req, res, (error?: unknown) => {
      failure = error;
    });
    if (failure) throw failure;
    return { items: res.locals.data ?? [], total: Number(headers['x-total-count']) };
  };
}
