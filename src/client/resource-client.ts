import type { PageResult } from '../pagination/index';
import type { CursorInput, CursorPage, ListInput } from '../query/index';
import type { RecordId, RecordIdOf } from '../fields/index';
import type { ListItem, SelectList } from '../kit/index';
import { RESPONSE_SHAPES } from './response-shapes';
import type { ClientReply } from './send-request';
import { unexpectedResponse } from './to-http-error';
import { toQueryString } from './to-query-string';

/** Per-call options of every {@link ResourceClient} method. */
export interface RequestOptions {
  /** Aborts the call (and, for `pages` and `all`, the walk): the call rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** The `x-correlation-id` of this call's requests, instead of the client's. */
  readonly correlationId?: string | undefined;
}

/** Options of `client.resource(path, options)`. */
export interface ResourceClientOptions<TRecord> {
  /**
   * Turns each record as parsed from JSON into `TRecord` (dates arrive as ISO strings), for example
   * `(raw) => userSchema.parse(raw)`. Default: the parsed JSON as it is. What it throws rejects the call. With
   * `select`, listed records hold only the selected fields and the id, so a schema must accept that
   * (`userSchema.partial().parse`, say).
   */
  readonly revive?: ((record: Record<string, unknown>) => TRecord) | undefined;
}

/**
 * The calls of one resource's routes. Results are typed `TRecord`; without a `revive` option they are the JSON
 * the server sent, so a `Date` field arrives as its ISO string.
 */
export interface ResourceClient<TRecord> {
  /**
   * `GET {path}?query`: one page and its counts. With a `select` list known at compile time, items are typed
   * `Pick<TRecord, 'id' | ...>`.
   */
  list<const TSelect extends SelectList<TRecord> = never>(
    input?: ListInput<TRecord> & { readonly select?: TSelect | undefined },
    options?: RequestOptions,
  ): Promise<PageResult<ListItem<TRecord, TSelect>>>;
  /**
   * `GET {path}/cursor?query`: the records after `input.cursor` and the next cursor. Typed `CursorPage<TRecord>`
   * even with `select`, so that a loop feeding `nextCursor` back in type-checks (a generic signature makes
   * TypeScript refuse it, TS7022); `all` walks every page for you.
   */
  listByCursor(input?: CursorInput<TRecord>, options?: RequestOptions): Promise<CursorPage<TRecord>>;
  /** Every page from `input.page` (default 1) until one has no next page, one request per page. */
  pages<const TSelect extends SelectList<TRecord> = never>(
    input?: ListInput<TRecord> & { readonly select?: TSelect | undefined },
    options?: RequestOptions,
  ): AsyncGenerator<PageResult<ListItem<TRecord, TSelect>>, void, undefined>;
  /** Every record through the cursor route, from `input.cursor` (default: the start) until `nextCursor` is null. */
  all<const TSelect extends SelectList<TRecord> = never>(
    input?: CursorInput<TRecord> & { readonly select?: TSelect | undefined },
    options?: RequestOptions,
  ): AsyncGenerator<ListItem<TRecord, TSelect>, void, undefined>;
  /** `GET {path}/{id}`. */
  get(id: RecordIdOf<TRecord>, options?: RequestOptions): Promise<TRecord>;
  /** `POST {path}` with a JSON body: the created record (status 201). */
  create(body: Partial<TRecord>, options?: RequestOptions): Promise<TRecord>;
  /** `PUT {path}/{id}` with a JSON body: the whole record replaced. */
  replace(id: RecordIdOf<TRecord>, body: Partial<TRecord>, options?: RequestOptions): Promise<TRecord>;
  /** `PATCH {path}/{id}` with a JSON body: the fields given changed. */
  update(id: RecordIdOf<TRecord>, patch: Partial<TRecord>, options?: RequestOptions): Promise<TRecord>;
  /** `DELETE {path}/{id}`: resolves once the server answered 2xx (the routes answer 204). */
  delete(id: RecordIdOf<TRecord>, options?: RequestOptions): Promise<void>;
}

/** Sends one request below the resource's path: `suffix` is `''`, `/cursor` or `/{id}`, plus `?query`. */
export type ResourceSend = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  suffix: string,
  route: string,
  body: unknown,
  options: RequestOptions,
) => Promise<ClientReply>;

/**
 * Builds the {@link ResourceClient} of the resource at `path`, on the client's `send`. Internal to the client
 * module; `createClient(...).resource(path)` is the public way.
 *
 * @throws TypeError (from the calls) for an id that cannot be a path segment or input the query grammar cannot express.
 * @example
 * const users = createResourceClient<User>(send, '/users', {});
 */
export function createResourceClient<TRecord>(
  send: ResourceSend,
  path: string,
  options: ResourceClientOptions<TRecord>,
): ResourceClient<TRecord> {
  const revive = options.revive ?? ((record: Record<string, unknown>) => record as TRecord);
  const record = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', suffix: string, body: unknown, o = {}) => {
    const route = `${method} ${path}${suffix === '' ? '' : '/:id'}`;
    const reply = await send(method, suffix, route, body, o);
    if (!RESPONSE_SHAPES.record.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.record.expected);
    return revive(reply.body);
  };
  const list = async (input: ListInput<TRecord> = {}, o: RequestOptions = {}): Promise<PageResult<TRecord>> => {
    const reply = await send('GET', query(input, 'page'), `GET ${path}`, undefined, o);
    if (!RESPONSE_SHAPES.page.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.page.expected);
    const { items, total, page, limit, totalPages, hasNextPage, hasPreviousPage } = reply.body;
    const records = Object.freeze(items.map((item) => revive(item as Record<string, unknown>)));
    return Object.freeze({ items: records, total, page, limit, totalPages, hasNextPage, hasPreviousPage });
  };
  const listByCursor = async (input: CursorInput<TRecord> = {}, o: RequestOptions = {}) => {
    const reply = await send('GET', `/cursor${query(input, 'cursor')}`, `GET ${path}/cursor`, undefined, o);
    const shape = RESPONSE_SHAPES.cursorPage;
    if (!shape.is(reply.body)) throw unexpectedResponse(reply.facts, shape.expected);
    const items = Object.freeze(reply.body.items.map((item) => revive(item as Record<string, unknown>)));
    return Object.freeze({ items, nextCursor: reply.body.nextCursor }) satisfies CursorPage<TRecord>;
  };
  return Object.freeze({
    list,
    listByCursor,
    async *pages(input: ListInput<TRecord> = {}, o: RequestOptions = {}) {
      for (let page = input.page ?? 1; ; page++) {
        const result = await list({ ...input, page }, o);
        yield result;
        if (!result.hasNextPage) return;
      }
    },
    async *all(input: CursorInput<TRecord> = {}, o: RequestOptions = {}) {
      let cursor = input.cursor ?? null;
      do {
        const result = await listByCursor({ ...input, cursor }, o);
        yield* result.items;
        cursor = result.nextCursor;
      } while (cursor !== null);
    },
    // Async, so that a bad id rejects the call instead of throwing before it returns a promise.
    get: async (id: RecordIdOf<TRecord>, o?: RequestOptions) => record('GET', idSegment(id), undefined, o),
    create: async (body: Partial<TRecord>, o?: RequestOptions) => record('POST', '', body, o),
    replace: async (id: RecordIdOf<TRecord>, body: Partial<TRecord>, o?: RequestOptions) =>
      record('PUT', idSegment(id), body, o),
    update: async (id: RecordIdOf<TRecord>, patch: Partial<TRecord>, o?: RequestOptions) =>
      record('PATCH', idSegment(id), patch, o),
    async delete(id: RecordIdOf<TRecord>, o: RequestOptions = {}) {
      await send('DELETE', idSegment(id), `DELETE ${path}/:id`, undefined, o);
    },
  });
}

/** `?query` for a page (`mode` `'page'`) or cursor query, or `''`; the other mode's key is a TypeError. */
function query(input: object, mode: 'page' | 'cursor'): string {
  const other = mode === 'page' ? 'cursor' : 'page';
  if (typeof input === 'object' && input !== null && (input as Record<string, unknown>)[other] !== undefined) {
    throw new TypeError(`${mode === 'page' ? 'list' : 'listByCursor'} takes no ${other}`);
  }
  const text = toQueryString(input as never);
  return text === '' ? '' : `?${text}`;
}

/**
 * `/{id}`, percent-encoded (a number id as its decimal digits). `.` and `..` are refused: URL parsers resolve them
 * (encoded too) as dot segments, so `delete('..')` would address the parent path.
 */
function idSegment(id: RecordId): string {
  // A number id (an integer id field) is sent as its decimal text, which the server parses back.
  if (typeof id === 'number' && Number.isSafeInteger(id)) return `/${String(id)}`;
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') {
    throw new TypeError(
      `the id must be a safe integer or a non-empty string other than "." and "..", got ${JSON.stringify(id)}`,
    );
  }
  try {
    return `/${encodeURIComponent(id)}`;
  } catch {
    throw new TypeError('the id must be well-formed UTF-16 (it holds a lone surrogate)');
  }
}
