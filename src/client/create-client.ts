import { isSafeCorrelationId } from '../errors/index';
import { canMakeRandomUuids, randomUuid } from '../internal/index';
import type { DefaultRelations } from './relation-types';
import { createResourceClient, type ResourceClient, type ResourceClientOptions } from './resource-client';
import { sendRequest, type FetchLike } from './send-request';

/** Headers sent with every request: a record, or a function (sync or async) called once per request. */
export type ClientHeaders =
  | Readonly<Record<string, string>>
  | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server's base URL, absolute (`https://api.example.com/v1`) or, in a browser, relative (`/api`). */
  readonly baseUrl: string | URL;
  /** The `fetch` to use (default: `globalThis.fetch`, looked up at each request). */
  readonly fetch?: FetchLike | undefined;
  /** Extra request headers such as `authorization`; `x-correlation-id` and `content-type` are the client's own. */
  readonly headers?: ClientHeaders | undefined;
  /**
   * The `x-correlation-id` of every request: a string, or a function called once per request. Default: a new
   * uuid v4 per request. Ids the server would not echo (see `isSafeCorrelationId`) are a TypeError.
   */
  readonly correlationId?: string | (() => string) | undefined;
}

/** A client of one pagelope server. */
export interface Client {
  /**
   * The calls of the resource whose routes are at `path` (`/users`: `GET /users`, `GET /users/cursor`,
   * `GET /users/{id}`, ...). `TRecord` types the results and the `where` and `orderBy` of the inputs;
   * `TRelations` the resource's relations (`{ author: Author; reviews: Review[] }`, an array for a to-many one),
   * for `include`, `counts`, relation filters and sorts (default: none for a known `TRecord`, any otherwise).
   *
   * @throws TypeError for a path that does not start with `/`, ends with `/`, or holds `?`, `#` or spaces.
   */
  resource<TRecord = Record<string, unknown>, TRelations extends object = DefaultRelations<TRecord>>(
    path: string,
    options?: ResourceClientOptions<TRecord>,
  ): ResourceClient<TRecord, TRelations>;
}

const OWN_HEADERS: ReadonlySet<string> = new Set(['x-correlation-id', 'content-type']);
const PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/**
 * Creates a client of a pagelope server for browsers, Deno, Bun and Node 20+: it speaks the list grammar
 * (through {@link toQueryString}), sends an `x-correlation-id` with each request and turns error responses into
 * `HttpError`s. It loads no `node:` module, no zod and no uuid.
 *
 * @throws TypeError for a base URL that is not a string or URL or has a query or fragment, a non-function
 * `fetch`, an unsafe correlation id, headers the client owns, or (without `correlationId`) a platform with no Web
 * Crypto.
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:3000' });
 * const users = client.resource<User>('/users');
 * const page = await users.list({ where: { age: { gte: 18 } }, orderBy: [{ field: 'age', direction: 'desc' }] });
 * for await (const user of users.all({ where: { status: 'active' } })) console.log(user.username);
 */
export function createClient(options: ClientOptions): Client {
  const { baseUrl, fetch: givenFetch, headers, correlationId } = options ?? ({} as ClientOptions);
  if (typeof baseUrl !== 'string' && !(typeof URL === 'function' && baseUrl instanceof URL)) {
    throw new TypeError('createClient: baseUrl must be a string or a URL');
  }
  const base = String(baseUrl).replace(/\/+$/, '');
  if (base.includes('?') || base.includes('#') || /\s/.test(base)) {
    throw new TypeError('createClient: baseUrl must have no query, fragment or whitespace');
  }
  if (givenFetch !== undefined && typeof givenFetch !== 'function')
    throw new TypeError('createClient: fetch must be a function');
  if (typeof correlationId === 'string') checkCorrelationId(correlationId);
  else if (correlationId === undefined) {
    if (!canMakeRandomUuids()) {
      throw new TypeError(
        'createClient: this platform has neither crypto.randomUUID nor crypto.getRandomValues; pass a correlationId',
      );
    }
  } else if (typeof correlationId !== 'function') {
    throw new TypeError('createClient: correlationId must be a string or a function returning one');
  }
  if (typeof headers === 'object' && headers !== null) checkHeaders(headers);
  else if (headers !== undefined && typeof headers !== 'function') {
    throw new TypeError('createClient: headers must be a record of strings or a function returning one');
  }

  const nextId = (given: string | undefined): string => {
    if (given !== undefined) return checkCorrelationId(given);
    if (typeof correlationId === 'string') return correlationId;
    return typeof correlationId === 'function' ? checkCorrelationId(correlationId()) : randomUuid();
  };
  const headersNow = async (): Promise<Readonly<Record<string, string>>> => {
    if (typeof headers !== 'function') return headers ?? {};
    return checkHeaders(await headers());
  };

  return Object.freeze({
    resource<TRecord = Record<string, unknown>, TRelations extends object = DefaultRelations<TRecord>>(
      path: string,
      resourceOptions: ResourceClientOptions<TRecord> = {},
    ) {
      if (typeof path !== 'string' || !PATH.test(path) || (path.length > 1 && path.endsWith('/'))) {
        throw new TypeError(`client.resource: path must start with "/", not end with "/" and hold no ?, # or spaces`);
      }
      const prefix = path === '/' ? '' : path;
      return createResourceClient<TRecord, TRelations>(
        async (method, suffix, route, body, { signal, correlationId: given, headers: own = {} }) => {
          const id = nextId(given);
          const extra = await headersNow();
          return sendRequest({
            // Looked up per request, so that a fetch installed (or stubbed) after createClient is used.
            fetch: givenFetch ?? (globalThis.fetch as unknown as FetchLike),
            url: `${base}${prefix}${suffix}` || '/',
            method,
            route,
            // The call's own headers (`if-match`) win over the client's.
            headers: { accept: 'application/json', ...lowerCased(extra), ...own, 'x-correlation-id': id },
            correlationId: id,
            body,
            signal,
          });
        },
        path,
        resourceOptions,
      );
    },
  });
}

function checkCorrelationId(value: unknown): string {
  if (!isSafeCorrelationId(value)) {
    throw new TypeError(
      'correlationId must be 1 to 128 ASCII letters, digits, ".", "_", ":" or "-", starting with a letter or digit',
    );
  }
  return value;
}

function checkHeaders(headers: unknown): Readonly<Record<string, string>> {
  if (typeof headers !== 'object' || headers === null) throw new TypeError('headers must be a record of strings');
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw new TypeError(`header ${JSON.stringify(name)} must be a string`);
    if (OWN_HEADERS.has(name.toLowerCase())) {
      throw new TypeError(`header ${JSON.stringify(name)} is set by the client (see the correlationId option)`);
    }
  }
  return headers as Readonly<Record<string, string>>;
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    Object.defineProperty(out, name.toLowerCase(), { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
