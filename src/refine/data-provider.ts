import type {
  BaseKey,
  BaseRecord,
  CreateManyParams,
  CreateManyResponse,
  CreateParams,
  CreateResponse,
  DataProvider,
  DeleteManyParams,
  DeleteManyResponse,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetManyParams,
  GetManyResponse,
  GetOneParams,
  GetOneResponse,
  UpdateManyParams,
  UpdateManyResponse,
  UpdateParams,
  UpdateResponse,
} from '@refinedev/core';
import { createClient, isClientHttpError, type ClientOptions, type ResourceClient } from 'pagelope/client';
import { getManyRecords, type GetManyStrategy } from './get-many-records';
import { listRecords } from './list-records';
import { metaDeleted, metaEmbeds, metaListInput, metaPermanent, requestOptions } from './read-meta';
import { toRefineHttpError } from './to-refine-http-error';

/** Options of {@link dataProvider}: the client's (`fetch`, `headers`, `correlationId`) and the provider's own. */
export interface DataProviderOptions extends Omit<ClientOptions, 'baseUrl'> {
  /**
   * The path of a refine resource's routes below the base URL (default: `/${resource}`, so the resource `users` is
   * served at `{baseUrl}/users`). It must start with `/`; the client refuses `?`, `#`, spaces and a trailing `/`.
   */
  readonly resourcePath?: ((resource: string) => string) | undefined;
  /**
   * How `getMany` fetches records (default `'in'`): `'in'` sends one list request per 100 ids with `id[in]`, which
   * needs the resource to let clients filter its `id`; `'each'` sends one `GET {path}/{id}` per id.
   */
  readonly getMany?: GetManyStrategy | undefined;
  /**
   * Most records `getList` returns under pagination mode `'off'` or `'client'`, which fetch every matching record
   * (default 10,000); finding more rejects the call instead of loading an unbounded listing.
   */
  readonly maxRecords?: number | undefined;
}

/**
 * The data provider {@link dataProvider} returns: refine's `DataProvider`, with `getMany` and the batch writes
 * (`createMany`, `updateMany`, `deleteMany`) always there.
 */
export type PagelopeDataProvider = Readonly<
  Required<
    Pick<
      DataProvider,
      | 'getList'
      | 'getMany'
      | 'getOne'
      | 'create'
      | 'createMany'
      | 'update'
      | 'updateMany'
      | 'deleteOne'
      | 'deleteMany'
      | 'getApiUrl'
    >
  >
>;

type Records = ResourceClient<Record<string, unknown>>;

/**
 * Creates a refine data provider for a pagelope API, built on `pagelope/client`: `getList` (pagination, sorters,
 * filters with `and`/`or`, `meta.search` and `meta.select`), `getMany`, `getOne`, `create`, `update` (`PATCH`),
 * `deleteOne` and `getApiUrl`. `meta.include` and `meta.counts` embed and count relations (`getList`, `getMany`,
 * `getOne`); `createMany`, `updateMany` (`ids` and one `variables` object, sent as `{ items: [{ id, ...variables }] }`)
 * and `deleteMany` go to the batch routes (`{path}/batch`, which the server must enable); `meta.deleted` (`'include'` or `'only'`) lists or reads soft-deleted records (`getList`, `getOne`) and
 * `meta.permanent: true` makes `deleteOne` remove the record; a filter or sorter field `author.fullName` is a relation path (a filter on a to-many relation's path
 * means at least one related record matches: `reviews[match]` is not sent). refine's filter operators become pagelope's (`contains` as `contl`, `containss` as
 * `cont`, `nin` as `notin`, `null` as `isnull`, ...); one with no pagelope equivalent (`ina`, `nina`, `nbetween`,
 * `nstartswith`, `nendswith` and their `s` twins) rejects the call with an Error naming it rather than being dropped.
 * Error responses reject with refine's `HttpError` shape ({@link RefineHttpError}): the envelope's message and status.
 * At run time it loads `pagelope/client` only: neither refine nor React.
 *
 * @throws TypeError for a base URL or client option `createClient` refuses, or a `maxRecords` that is not a positive
 * integer; the calls reject with {@link RefineHttpError} for error responses, with an Error for filters, sorters,
 * pagination or `meta` the grammar cannot express, and with a TypeError for an id that is neither a string nor a
 * finite number.
 * @example
 * import { Refine } from '@refinedev/core';
 * import { dataProvider } from 'pagelope/refine';
 *
 * <Refine dataProvider={dataProvider('https://api.example.com')} resources={[{ name: 'users' }]} />;
 */
export function dataProvider(baseUrl: string | URL, options: DataProviderOptions = {}): PagelopeDataProvider {
  const { resourcePath, getMany = 'in', maxRecords = 10_000, ...clientOptions } = options ?? {};
  if (getMany !== 'in' && getMany !== 'each') throw new TypeError(`dataProvider: getMany must be "in" or "each"`);
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1) {
    throw new TypeError('dataProvider: maxRecords must be a positive integer');
  }
  if (resourcePath !== undefined && typeof resourcePath !== 'function') {
    throw new TypeError('dataProvider: resourcePath must be a function of the resource name');
  }
  const client = createClient({ ...clientOptions, baseUrl });
  const apiUrl = String(baseUrl).replace(/\/+$/, '');
  const recordsOf = (resource: string): Records =>
    client.resource(resourcePath ? resourcePath(resource) : `/${resource}`);

  return Object.freeze({
    getList: <TData extends BaseRecord = BaseRecord>(params: GetListParams) =>
      refineErrors(async (): Promise<GetListResponse<TData>> => {
        const { data, ...counts } = await listRecords(recordsOf(params.resource), params, maxRecords);
        return { data: data as TData[], ...counts };
      }),
    getMany: <TData extends BaseRecord = BaseRecord>(params: GetManyParams) =>
      refineErrors(async (): Promise<GetManyResponse<TData>> => {
        if (!Array.isArray(params.ids)) throw new TypeError('pagelope/refine: getMany needs an array of ids');
        const ids = params.ids.map(keyOf);
        const { select, include, counts } = metaListInput(params.meta);
        const input = {
          ...(select === undefined ? {} : { select }),
          ...(include === undefined ? {} : { include }),
          ...(counts === undefined ? {} : { counts }),
        };
        const records = recordsOf(params.resource);
        const data = await getManyRecords(records, ids, getMany, input, requestOptions(params.meta));
        return { data: data as TData[] };
      }),
    getOne: <TData extends BaseRecord = BaseRecord>(params: GetOneParams) =>
      refineErrors(async (): Promise<GetOneResponse<TData>> => {
        const options = { ...requestOptions(params.meta), ...metaEmbeds(params.meta), ...metaDeleted(params.meta) };
        const record = await recordsOf(params.resource).get(keyOf(params.id), options);
        return { data: record as TData };
      }),
    create: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: CreateParams<TVariables>) =>
      refineErrors(async (): Promise<CreateResponse<TData>> => {
        const record = await recordsOf(params.resource).create(params.variables as Record<string, unknown>);
        return { data: record as TData };
      }),
    update: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: UpdateParams<TVariables>) =>
      refineErrors(async (): Promise<UpdateResponse<TData>> => {
        const id = keyOf(params.id);
        const record = await recordsOf(params.resource).update(id, params.variables as Record<string, unknown>);
        return { data: record as TData };
      }),
    deleteOne: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: DeleteOneParams<TVariables>) =>
      refineErrors(async (): Promise<DeleteOneResponse<TData>> => {
        await recordsOf(params.resource).delete(keyOf(params.id), metaPermanent(params.meta));
        // The route answers 204 without a body: the id is all there is to tell of the deleted record.
        return { data: { id: params.id } as TData };
      }),
    createMany: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: CreateManyParams<TVariables>) =>
      refineErrors(async (): Promise<CreateManyResponse<TData>> => {
        if (!Array.isArray(params.variables)) throw new TypeError('pagelope/refine: createMany needs an array');
        const records = await recordsOf(params.resource).createMany(params.variables as Record<string, unknown>[]);
        return { data: [...records] as TData[] };
      }),
    updateMany: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: UpdateManyParams<TVariables>) =>
      refineErrors(async (): Promise<UpdateManyResponse<TData>> => {
        const variables = params.variables as Record<string, unknown>;
        const items = idsOf(params.ids, 'updateMany').map((id) => ({ ...variables, id }));
        const records = await recordsOf(params.resource).updateMany(items);
        return { data: [...records] as TData[] };
      }),
    deleteMany: <TData extends BaseRecord = BaseRecord, TVariables = unknown>(params: DeleteManyParams<TVariables>) =>
      refineErrors(async (): Promise<DeleteManyResponse<TData>> => {
        const ids = await recordsOf(params.resource).deleteMany(idsOf(params.ids, 'deleteMany'));
        // The route answers the deleted ids: they are all there is to tell of the deleted records.
        return { data: ids.map((id) => ({ id })) as TData[] };
      }),
    getApiUrl: () => apiUrl,
  });
}

/** Runs a call, turning the client's `ClientHttpError` into refine's shape; anything else rejects as it is. */
async function refineErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isClientHttpError(error) ? toRefineHttpError(error) : error;
  }
}

/**
 * refine's ids as a batch body holds them: a string, or a finite number kept a number (a JSON body carries its type,
 * unlike a path segment). A TypeError when `ids` is not an array or holds anything else.
 */
function idsOf(ids: unknown, call: string): (string | number)[] {
  if (!Array.isArray(ids)) throw new TypeError(`pagelope/refine: ${call} needs an array of ids`);
  return ids.map((id: BaseKey) => (typeof id === 'number' && Number.isFinite(id) ? id : keyOf(id)));
}

/** A refine id as the path segment's text: a string as it is, a finite number in decimal. */
function keyOf(id: BaseKey): string {
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  throw new TypeError(`pagelope/refine: an id must be a string or a finite number, got ${String(id)}`);
}
