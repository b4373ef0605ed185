import { HttpError } from '../errors/index';

/**
 * The sizes of a batch, for routes and service alike: a call of the service (`createMany`, `updateMany`,
 * `deleteMany`) takes at most `max` items; a batch route at most its `maxItems` option, `default` unless set, which
 * may be set from 1 to `max`.
 */
export const BATCH_ITEMS = Object.freeze({ default: 100, max: 1000 });

/**
 * The one batch-array rule: the array of a batch, `items` (create, update) or `ids` (delete), at least one and at
 * most `limit` (`BATCH_ITEMS.max` for a call of the service; a route's `maxItems`).
 *
 * @throws HttpError 400 for anything else, before any item is read.
 */
export function batchList(value: unknown, name: 'items' | 'ids', limit: number = BATCH_ITEMS.max): readonly unknown[] {
  if (!Array.isArray(value)) throw new HttpError(400, [`${name} must be an array`]);
  if (value.length === 0)
    throw new HttpError(400, [`${name} must hold at least one ${name === 'ids' ? 'id' : 'item'}`]);
  if (value.length > limit) throw new HttpError(400, [`${name} may hold at most ${limit} entries`]);
  return value as readonly unknown[];
}
