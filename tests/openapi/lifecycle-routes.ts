import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type DefineRoutesOptions,
  type ResourceRoutes,
} from 'pagelope';

/** The OpenAPI tests' lifecycle resource: soft delete (`deletedAt`) and a version, with client-chosen ids. */
export const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.string().min(1),
    title: z.string(),
    deletedAt: z.date().nullable(),
    version: z.number().int(),
  }),
  clientIds: true,
  filterable: ['title'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
});

/** The seeded notes: `n1` and `n2`, live, at version 1. */
export const noteSeed = ['n1', 'n2'].map((id) => ({ id, title: id, deletedAt: null, version: 1 }));

/** Every lifecycle option enabled: `deleted` on the reads, `permanent` on DELETE, `requireIfMatch` on the writes. */
export const ALL_LIFECYCLE_OPTIONS: NonNullable<DefineRoutesOptions['routes']> = {
  GET_LIST: { deleted: true },
  GET_LIST_CURSOR: { deleted: true },
  GET: { deleted: true },
  CREATE: true,
  UPDATE: { requireIfMatch: true },
  PARTIAL_UPDATE: { requireIfMatch: true },
  DELETE: { permanent: true, requireIfMatch: true },
  RESTORE: { requireIfMatch: true },
};

/** The notes' routes on a fresh memory repository: every lifecycle option enabled unless `routes` says otherwise. */
export function createLifecycleRoutes(routes: DefineRoutesOptions['routes'] = ALL_LIFECYCLE_OPTIONS): ResourceRoutes {
  const repository = createMemoryRepository(notes, { records: noteSeed.map((note) => ({ ...note })) });
  return defineRoutes(createResourceService({ resource: notes, repository }), { routes });
}
