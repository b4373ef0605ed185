import type { RecordIdOf } from '../fields/index';
import { RESPONSE_SHAPES } from './response-shapes';
import type { ClientReply } from './send-request';
import { unexpectedResponse } from './to-http-error';
import type { RequestOptions, SendOptions } from './write-request';

/**
 * One item of `updateMany`: the record's id and the fields to change. A record type with an `id` field requires it;
 * for one whose id field has another name (`isbn`) the item is `Partial<TRecord>`, and the server answers an item
 * without its id field with a 400.
 */
export type ClientBatchUpdate<TRecord> = TRecord extends { readonly id: unknown }
  ? Partial<TRecord> & { readonly id: RecordIdOf<TRecord> }
  : Partial<TRecord>;

/** The batch calls of a resource client, each one request to `{path}/batch`, all or nothing. */
export interface BatchCalls<TRecord> {
  /** `POST {path}/batch` with `{ items }`: the created records, in the order given (status 201). */
  createMany(items: readonly Partial<TRecord>[], options?: RequestOptions): Promise<readonly TRecord[]>;
  /** `PATCH {path}/batch` with `{ items }` (each `{ id, ...changes }`): the records as stored, in the order given. */
  updateMany(items: readonly ClientBatchUpdate<TRecord>[], options?: RequestOptions): Promise<readonly TRecord[]>;
  /** `DELETE {path}/batch` with `{ ids }`: the ids of the deleted records, in the order given. */
  deleteMany(ids: readonly RecordIdOf<TRecord>[], options?: RequestOptions): Promise<readonly RecordIdOf<TRecord>[]>;
}

type BatchSend = (
  method: 'POST' | 'PATCH' | 'DELETE',
  suffix: string,
  route: string,
  body: unknown,
  options: SendOptions,
) => Promise<ClientReply>;

/**
 * Builds the batch calls of the resource at `path` on the client's `send`, reviving each record with `revive`.
 * Internal to the client module; `createClient(...).resource(path).createMany(...)` is the public way.
 *
 * @throws TypeError (from the calls, sending nothing) when `items` or `ids` is not an array.
 * @example
 * const { createMany } = createBatchCalls<Book>(send, '/books', (raw) => raw as Book);
 */
export function createBatchCalls<TRecord>(
  send: BatchSend,
  path: string,
  revive: (record: Record<string, unknown>) => TRecord,
): BatchCalls<TRecord> {
  const records = async (method: 'POST' | 'PATCH', items: unknown, o: RequestOptions = {}) => {
    const name = method === 'POST' ? 'createMany' : 'updateMany';
    if (!Array.isArray(items)) throw new TypeError(`${name}: items must be an array, got ${typeof items}`);
    const reply = await send(method, '/batch', `${method} ${path}/batch`, { items }, o);
    if (!RESPONSE_SHAPES.items.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.items.expected);
    return Object.freeze(reply.body.items.map((item) => revive(item)));
  };
  return {
    createMany: async (items, o) => records('POST', items, o),
    updateMany: async (items, o) => records('PATCH', items, o),
    async deleteMany(ids, o = {}) {
      if (!Array.isArray(ids)) throw new TypeError(`deleteMany: ids must be an array, got ${typeof ids}`);
      const reply = await send('DELETE', '/batch', `DELETE ${path}/batch`, { ids }, o);
      if (!RESPONSE_SHAPES.ids.is(reply.body)) throw unexpectedResponse(reply.facts, RESPONSE_SHAPES.ids.expected);
      return Object.freeze([...reply.body.ids]) as readonly RecordIdOf<TRecord>[];
    },
  };
}
