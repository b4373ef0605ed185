/**
 * The resources of the lifecycle rules: writers (soft delete and versions), notes by writers (soft delete, versions,
 * a tenant, searchable) and stars of notes (soft delete, no version).
 */
import { defineResource } from 'pagelope';
import { z } from 'zod';

const writerSchema = z.object({
  id: z.string(),
  name: z.string(),
  deletedAt: z.date().nullable(),
  version: z.number().int(),
});
const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  tenant: z.string(),
  writerId: z.string().nullable(),
  deletedAt: z.date().nullable(),
  version: z.number().int(),
});
const starSchema = z.object({ id: z.string(), noteId: z.string(), deletedAt: z.date().nullable() });

/** A writer. */
export type Writer = z.infer<typeof writerSchema>;
/** A note. */
export type Note = z.infer<typeof noteSchema>;
/** A star of a note. */
export type Star = z.infer<typeof starSchema>;

/** Writers: soft delete and versions; names filterable (for relation filters). */
export const writers = defineResource({
  name: 'lc_writers',
  schema: writerSchema,
  clientIds: true,
  filterable: ['name'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
});

/** Stars: soft delete, no version. */
export const stars = defineResource({
  name: 'lc_stars',
  schema: starSchema,
  clientIds: true,
  filterable: ['noteId'],
  softDelete: { field: 'deletedAt' },
});

/** Notes: soft delete, versions, a tenant, searchable titles, a writer and stars. */
export const notes = defineResource({
  name: 'lc_notes',
  schema: noteSchema,
  clientIds: true,
  filterable: ['title', 'tenant', 'writer.name'],
  sortable: ['title'],
  searchable: ['title'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
  relations: {
    writer: { kind: 'one', resource: () => writers, field: 'writerId' },
    stars: { kind: 'many', resource: () => stars, field: 'noteId' },
  },
  includable: ['writer', 'stars'],
  countable: ['stars'],
});

/** A stored note, live, version 1. */
export const note = (id: string, overrides: Partial<Note> = {}): Note => ({
  id,
  title: `note ${id}`,
  tenant: 't1',
  writerId: null,
  deletedAt: null,
  version: 1,
  ...overrides,
});
