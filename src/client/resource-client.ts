import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorPage } from '../query/index';
import type { RecordId, RecordIdOf } from '../fields/index';
import type { ListItem, SelectList } from '../kit/index';
import { withEtag } from './etag-of';
import type {
  ClientCursorInput,
  ClientDeletedMode,
  ClientListInput,
  CountName,
  CursorItem,
  DefaultRelations,
  IncludeName,
  WithEmbeds,
} from './relation-types';
import { createBatchCalls, type BatchCalls } from './batch-calls';
import { RESPONSE_SHAPES } from './response-shapes';
import {
  writeRequest,
  type ClientDeleteOptions,
  type RequestOptions,
  type SendOptions,
  type ClientWriteOptions,
} from './write-request';
import type { ClientReply } from './send-request';
import { unexpectedResponse } from './to-http-error';
import { toQueryString, type QueryInput } from './to-query-string';

export type { ClientDeleteOptions, RequestOptions, ClientWriteOptions } from './write-request';
export type { ClientBatchUpdate } from './batch-calls';

/** Per-call options of `get`: the request options, `include`, `counts` and `deleted`. */
export interface GetOptions<TRelations> extends RequestOptions {
  readonly include?: readonly IncludeName<TRelations>[] | undefined;
  readonly counts?: readonly CountName<TRelations>[] | undefined;
  /**
   * `'include'` reads the record even when it is soft-deleted, `'only'` only when it is (sent as `deleted=`; the
   * `GET` route must enable its `deleted` option).
   */
  readonly deleted?: ClientDeletedMode | undefined;
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
 * the server sent, so a `Date` field arrives as its ISO string. `TRelations` names the resource's relations and
 * their record types (`{ author: Author; reviews: Review[] }`: an array for a to-many relation), which type
 * `include`, `counts`, relation filters and relation sorts.
 */
export interface ResourceClient<
  TRecord,
  TRelations extends object = DefaultRelations<TRecord>,
> extends BatchCalls<TRecord> {
  /**
   * `GET {path}?query`: one page and its counts. With a `select` list known at compile time, items are typed
   * `Pick<TRecord, 'id' | ...>`; with `include: ['author']`, each has `author: Author | null` (an array for a
   * to-many relation), and with `counts: ['reviews']`, `_count: { reviews: number }`. `total` asks for a total
   * mode (`total=`) and types `total` by it; a call without it is typed `'exact'`, so on a route whose own `total`
   * option is another mode, name that mode here.
   */
  list<
    const TSelect extends SelectList<TRecord> = never,
    const TInclude extends IncludeName<TRelations> = never,
    const TCounts extends CountName<TRelations> = never,
    const TTotal extends TotalMode = 'exact',
  >(
    input?: ClientListInput<TRecord, TRelations> &
      EmbedInput<TSelect, TInclude, TCounts> & { readonly total?: TTotal | undefined },
    options?: RequestOptions,
  ): Promise<PageResult<WithEmbeds<ListItem<TRecord, TSelect>, TRelations, TInclude, TCounts>, TTotal>>;
  /**
   * `GET {path}/cursor?query`: the records after `input.cursor` and the next cursor. Typed `CursorPage` of
   * `TRecord` (each known relation's embed and `_count` optional) whatever `select`, `include` and `counts` say, so
   * that a loop feeding `nextCursor` back in type-checks (a generic signature makes TypeScript refuse it, TS7022);
   * `all` walks every page for you, typed.
   */
  listByCursor(
    input?: ClientCursorInput<TRecord, TRelations>,
    options?: RequestOptions,
  ): Promise<CursorPage<CursorItem<TRecord, TRelations>>>;
  /** Every page from `input.page` (default 1) until one has no next page, one request per page. */
  pages<
    const TSelect extends SelectList<TRecord> = never,
    const TInclude extends IncludeName<TRelations> = never,
    const TCounts extends CountName<TRelations> = never,
  >(
    input?: ClientListInput<TRecord, TRelations> & EmbedInput<TSelect, TInclude, TCounts>,
    options?: RequestOptions,
  ): AsyncGenerator<PageResult<WithEmbeds<ListItem<TRecord, TSelect>, TRelations, TInclude, TCounts>>, void, undefined>;
  /** Every record through the cursor route, from `input.cursor` (default: the start) until `nextCursor` is null. */
  all<
    const TSelect extends SelectList<TRecord> = never,
    const TInclude extends IncludeName<TRelations> = never,
    const TCounts extends CountName<TRelations> = never,
  >(
    input?: ClientCursorInput<TRecord, TRelations> & EmbedInput<TSelect, TInclude, TCounts>,
    options?: RequestOptions,
  ): AsyncGenerator<WithEmbeds<ListItem<TRecord, TSelect>, TRelations, TInclude, TCounts>, void, undefined>;
  /** `GET {path}/{id}`, with the relations `options.include` embeds and `options.counts` counts. */
  get<const TInclude extends IncludeName<TRelations> = never, const TCounts extends CountName<TRelations> = never>(
    id: RecordIdOf<TRecord>,
    options?: GetOptions<TRelations> & EmbedInput<never, TInclude, TCounts>,
  ): Promise<WithEmbeds<TRecord, TRelations, TInclude, TCounts>>;
  /** `POST {path}` with a JSON body: the created record (status 201). */
  create(body: Partial<TRecord>, options?: RequestOptions): Promise<TRecord>;
  /** `PUT {path}/{id}` with a JSON body: the whole record replaced (conditionally with `options.ifMatch`). */
  replace(id: RecordIdOf<TRecord>, body: Partial<TRecord>, options?: ClientWriteOptions): Promise<TRecord>;
  /** `PATCH {path}/{id}` with a JSON body: the fields given changed (conditionally with `options.ifMatch`). */
  update(id: RecordIdOf<TRecord>, patch: Partial<TRecord>, options?: ClientWriteOptions): Promise<TRecord>;
  /**
   * `DELETE {path}/{id}` (`?permanent=true` with `options.permanent`): resolves once the server answered 2xx (the
   * routes answer 204).
   */
  delete(id: RecordIdOf<TRecord>, options?: ClientDeleteOptions): Promise<void>;
  /** `POST {path}/{id}/restore`: the soft-deleted record, live again (conditionally with `options.ifMatch`). */
  restore(id: RecordIdOf<TRecord>, options?: ClientWriteOptions): Promise<TRecord>;
}

/** The keys of an input whose literal values type the result. */
interface EmbedInput<TSelect, TInclude, TCounts> {
  readonly select?: TSelect | undefined;
  readonly include?: readonly TInclude[] | undefined;
  readonly counts?: readonly TCounts[] | undefined;
}

/**
 * Sends one request below the resource's path: `suffix` is `''`, `/cursor`, `/{id}` or `/{id}/restore`, plus
 * `?query`.
 */
export type ResourceSend = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  suffix: string,
  route: string,
  body: unknown,
  options: SendOptions,
) => Promise<ClientReply>;

/**
 * Builds the {@link ResourceClient} of the resource at `path`, on the client's `send`. Internal to the client
 * module; `createClient(...).resource(path)` is the public way.
 *
 * @throws TypeError (from the calls) for an id that cannot be a path segment or input the query grammar cannot express.
 * @example
 * const books = createResourceClient<Book, { author: Author }>(send, '/books', {});
 */
export function createResourceClient<TRecord, TRelations extends object = DefaultRelations<TRecord>>(
  send: ResourceSend,
  path: string,
  options: ResourceClientOptions<TRecord>,
): ResourceClient<TRecord, TRelations> {
  const revive = options.revive ?? ((record: Record<string, unknown>) => record as TRecord);
  // Embeds and counts are the related JSON as sent: a revive of this resource's record does not see them.
  const reviveItem = (raw: Record<string, unknown>, keys: readonly string[]): unknown =>
    keys.length === 0 || options.revive === undefined ? revive(raw) : withEmbeds(revive(raw), raw, keys);
  const record = async (method: 'POST' | 'PUT' | 'PATCH', suffix: string, body: unknown, o: SendOptions = {}) => {
    const route = `${method} ${path}${suffix === '' ? '' : suffix.endsWith('/restore') ? '/:id/restore' : '/:id'}`;
    const reply = await send(method, suffix, route, body, o);
    if (!RESPONSE_SHAPES.record.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.record.expected);
    return withEtag(revive(reply.body), reply.etag);
  };
  const list = async (input: AnyInput = {}, o: RequestOptions = {}): Promise<PageResult<unknown, never>> => {
    const reply = await send('GET', query(input, 'page'), `GET ${path}`, undefined, o);
    if (!RESPONSE_SHAPES.page.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.page.expected);
    const { items, total, page, limit, totalPages, hasNextPage, hasPreviousPage, totalRelation } = reply.body;
    const keys = embedKeys(input);
    const records = Object.freeze(items.map((item) => reviveItem(item as Record<string, unknown>, keys)));
    const result = { items: records, total, page, limit, totalPages, hasNextPage, hasPreviousPage };
    return Object.freeze(totalRelation === undefined ? result : { ...result, totalRelation }) as PageResult<
      unknown,
      never
    >;
  };
  const listByCursor = async (input: AnyInput = {}, o: RequestOptions = {}): Promise<CursorPage<unknown>> => {
    const reply = await send('GET', `/cursor${query(input, 'cursor')}`, `GET ${path}/cursor`, undefined, o);
    const shape = RESPONSE_SHAPES.cursorPage;
    if (!shape.is(reply.body)) throw unexpectedResponse(reply.facts, shape.expected);
    const keys = embedKeys(input);
    const items = Object.freeze(reply.body.items.map((item) => reviveItem(item as Record<string, unknown>, keys)));
    return Object.freeze({ items, nextCursor: reply.body.nextCursor });
  };
  const client = {
    list,
    listByCursor,
    async *pages(input: AnyInput = {}, o: RequestOptions = {}) {
      for (let page = (input['page'] as number | undefined) ?? 1; ; page++) {
        const result = await list({ ...input, page }, o);
        yield result;
        if (!result.hasNextPage) return;
      }
    },
    async *all(input: AnyInput = {}, o: RequestOptions = {}) {
      let cursor = (input['cursor'] as string | null | undefined) ?? null;
      do {
        const result = await listByCursor({ ...input, cursor }, o);
        yield* result.items;
        cursor = result.nextCursor;
      } while (cursor !== null);
    },
    // Async, so that a bad id rejects the call instead of throwing before it returns a promise.
    async get(id: RecordIdOf<TRecord>, o: GetOptions<TRelations> = {}) {
      const { include, counts, deleted, ...request } = o;
      const embeds = { include, counts } as AnyInput;
      const text = toQueryString({ ...embeds, deleted } as QueryInput);
      const suffix = `${idSegment(id)}${text === '' ? '' : `?${text}`}`;
      const reply = await send('GET', suffix, `GET ${path}/:id`, undefined, request);
      if (!RESPONSE_SHAPES.record.is(reply.body))
        throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.record.expected);
      return withEtag(reviveItem(reply.body, embedKeys(embeds)), reply.etag);
    },
    create: async (body: Partial<TRecord>, o?: RequestOptions) => record('POST', '', body, o),
    replace: async (id: RecordIdOf<TRecord>, body: Partial<TRecord>, o: ClientWriteOptions = {}) =>
      record('PUT', idSegment(id), body, writeRequest(o)),
    update: async (id: RecordIdOf<TRecord>, patch: Partial<TRecord>, o: ClientWriteOptions = {}) =>
      record('PATCH', idSegment(id), patch, writeRequest(o)),
    async delete(id: RecordIdOf<TRecord>, o: ClientDeleteOptions = {}) {
      const { permanent, ...write } = o;
      if (permanent !== undefined && typeof permanent !== 'boolean')
        throw new TypeError(`delete: permanent must be a boolean, got ${typeof permanent}`);
      const suffix = `${idSegment(id)}${permanent === true ? '?permanent=true' : ''}`;
      await send('DELETE', suffix, `DELETE ${path}/:id`, undefined, writeRequest(write));
    },
    restore: async (id: RecordIdOf<TRecord>, o: ClientWriteOptions = {}) =>
      record('POST', `${idSegment(id)}/restore`, undefined, writeRequest(o)),
    ...createBatchCalls(send, path, revive),
  };
  // The typed signatures are generic in the embeds; the calls above treat items as the JSON they are.
  return Object.freeze(client) as unknown as ResourceClient<TRecord, TRelations>;
}

type AnyInput = Readonly<Record<string, unknown>>;

/** The keys `include` and `counts` add to each item (for a revive to keep): the relation names and `_count`. */
function embedKeys(input: AnyInput): string[] {
  const include = input['include'];
  const keys = Array.isArray(include) ? include.filter((name): name is string => typeof name === 'string') : [];
  const counts = input['counts'];
  if (Array.isArray(counts) && counts.length > 0) keys.push('_count');
  return keys;
}

/** A revived record with the embeds of the raw one it lacks (a copy when it cannot take them). */
function withEmbeds(revived: unknown, raw: Record<string, unknown>, keys: readonly string[]): unknown {
  if (typeof revived !== 'object' || revived === null) return revived;
  const missing = keys.filter((key) => Object.hasOwn(raw, key) && !Object.hasOwn(revived, key));
  if (missing.length === 0) return revived;
  const target = Object.isExtensible(revived) ? revived : { ...revived };
  for (const key of missing) {
    Object.defineProperty(target, key, { value: raw[key], enumerable: true, writable: true, configurable: true });
  }
  return target;
}

/** `?query` for a page (`mode` `'page'`) or cursor query, or `''`; the other mode's key is a TypeError. */
function query(input: object, mode: 'page' | 'cursor'): string {
  const other = mode === 'page' ? 'cursor' : 'page';
  if (typeof input === 'object' && input !== null && (input as Record<string, unknown>)[other] !== undefined) {
    throw new TypeError(`${mode === 'page' ? 'list' : 'listByCursor'} takes no ${other}`);
  }
  const text = toQueryString(input as QueryInput);
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
