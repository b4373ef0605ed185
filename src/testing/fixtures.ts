/**
 * The resources the repository contract runs on: `items` (every field kind, every field filterable and sortable),
 * `newestItems` (a default order and a rejecting limit policy), `searchableItems` (searchable by `name` and `nick`)
 * and `tasks` (schema defaults, for `replace`).
 */
import { defineResource } from 'pagelope';
import { z } from 'zod';

/** The enum values, declared in an order that differs from string order on purpose. */
export const STATUSES = ['draft', 'active', 'archived'] as const;

/** The fields of an item other than the id. */
export const FIELDS = ['name', 'nick', 'age', 'score', 'active', 'status', 'createdAt'] as const;

/**
 * A required string, a nullable optional string, nullable and optional numbers, a nullable boolean, an enum and a
 * nullable date.
 */
export const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  nick: z.string().nullable().optional(),
  age: z.number().int().nullable(),
  score: z.number().optional(),
  active: z.boolean().nullable(),
  status: z.enum(STATUSES),
  createdAt: z.date().nullable(),
});

/** A record of {@link items}. */
export type Item = z.output<typeof itemSchema>;

/** The main resource: every field filterable and sortable, default order id ascending. */
export const items = defineResource({
  name: 'items',
  schema: itemSchema,
  filterable: [...FIELDS],
  sortable: [...FIELDS],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** A resource with a default order and a rejecting limit policy. */
export const newestItems = defineResource({
  name: 'newestItems',
  schema: itemSchema,
  sortable: ['createdAt'],
  pagination: { defaultLimit: 3, maxLimit: 5, onLimitExceeded: 'reject' },
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

/** The main resource again, searchable by `name` and `nick` (a required and a nullable, optional string field). */
export const searchableItems = defineResource({
  name: 'searchableItems',
  schema: itemSchema,
  filterable: [...FIELDS],
  sortable: [...FIELDS],
  searchable: ['name', 'nick'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** The fields {@link searchableItems} searches. */
export const SEARCH_FIELDS: readonly string[] = ['name', 'nick'];

/** A schema with defaults, an optional, an optional-and-nullable and a nullable field: what `replace` fills in. */
const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(STATUSES).default('draft'),
  tag: z.string().default('none'),
  createdAt: z.date().default(() => new Date(0)),
  memo: z.string().optional(),
  owner: z.string().nullable().optional(),
  due: z.date().nullable(),
});

/** A record of {@link tasks}. */
export type Task = z.output<typeof taskSchema>;

/** The resource of records with defaults. */
export const tasks = defineResource({
  name: 'tasks',
  schema: taskSchema,
  filterable: ['status', 'tag'],
  sortable: ['title', 'createdAt'],
});

/** The Date of an ISO 8601 text. */
export const at = (iso: string): Date => new Date(iso);
