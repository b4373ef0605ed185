import { z } from 'zod';
import { defineResource } from 'pagelope';

/**
 * A point in time: an ISO 8601 date-time string with `Z` or an offset (what JSON bodies carry), or a `Date` (what
 * server code passes), read as a `Date`. Unlike `z.coerce.date()`, it refuses `true`, `"1"` and numbers.
 */
const timestamp = z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

/** One user record of the demo domain. */
export const userSchema = z.object({
  id: z.string().min(1).max(128),
  username: z.string().min(1).max(64),
  email: z.email().max(254),
  status: z.enum(['active', 'inactive', 'banned']),
  age: z.number().int().min(0).max(150),
  createdAt: timestamp,
  /** When the user was deleted (a soft delete), or `null`: set by `DELETE /users/:id`, cleared by its restore. */
  deletedAt: timestamp.nullable(),
  /** The record's version (1 on create, one more on every change), sent as its `etag`. */
  version: z.number().int().min(1),
});

export type User = z.output<typeof userSchema>;

/**
 * The demo's `users` resource: deletes are soft (`deletedAt`, with `POST /users/:id/restore`), and every record carries
 * a `version` (its `etag`; `If-Match` makes a write conditional on it).
 */
export const users = defineResource({
  name: 'users',
  schema: userSchema,
  softDelete: { field: 'deletedAt' },
  version: 'version',
  filterable: ['username', 'email', 'status', 'age', 'createdAt'],
  sortable: ['username', 'age', 'createdAt'],
  searchable: ['username', 'email'],
});
