/**
 * Shared fixtures of the client tests: a resource with a field of every kind (two nullable, one optional, one whose
 * name needs percent-encoding), its field kinds for the arbitraries, and a record to draw cursor values from.
 */
import { z } from 'zod';
import { defineResource, type FieldKind } from '../../src/index';

export const KINDS = ['a', 'b', 'c&d=e', 'é ü'] as const;

export const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  tag$: z.string(),
  note: z.string().nullable(),
  score: z.number(),
  rank: z.number().nullable(),
  born: z.date(),
  seen: z.date().optional(),
  active: z.boolean(),
  kind: z.enum(KINDS),
});

export type Item = z.output<typeof itemSchema>;

/** Each filterable field with its kind and whether it may be null (or missing). */
export const FIELDS: Readonly<Record<string, { readonly kind: FieldKind; readonly nullable: boolean }>> = {
  name: { kind: 'string', nullable: false },
  tag$: { kind: 'string', nullable: false },
  note: { kind: 'string', nullable: true },
  score: { kind: 'number', nullable: false },
  rank: { kind: 'number', nullable: true },
  born: { kind: 'date', nullable: false },
  seen: { kind: 'date', nullable: true },
  active: { kind: 'boolean', nullable: false },
  kind: { kind: 'enum', nullable: false },
};

export const SORTABLE = ['name', 'score', 'born', 'active', 'kind', 'rank'] as const;

/** Every field filterable with every fitting operator, two searchable; default order newest first; limits 10 / 50, clamped. */
export const items = defineResource({
  name: 'items',
  schema: itemSchema,
  filterable: Object.keys(FIELDS) as (keyof Item)[],
  sortable: [...SORTABLE],
  searchable: ['name', 'tag$'],
  pagination: { defaultLimit: 10, maxLimit: 50 },
  defaultOrder: [{ field: 'born', direction: 'desc' }],
});

/** A record whose sort-key values make a valid cursor for any order of {@link items}. */
export const SAMPLE: Item = Object.freeze({
  id: 'i-1',
  name: 'Zoë & co',
  tag$: 'x',
  note: 'n',
  score: 2.5,
  rank: 3,
  born: new Date(Date.UTC(2024, 1, 29, 12, 30)),
  seen: new Date(Date.UTC(2025, 0, 1)),
  active: true,
  kind: 'c&d=e',
});
