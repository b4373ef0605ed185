/** The resource of the scope contract, its tenants, and the call options and order its checks use. */
import { z } from 'zod';
import { defineResource, type ResourceService } from '../../../src/index';

/** The tenants the records belong to. */
export const TENANTS = ['t1', 't2', 't3'] as const;

/** A document of one tenant. */
export const docSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  n: z.number().int(),
});
/** A document. */
export type Doc = z.output<typeof docSchema>;
/** The request's locals: the tenant it acts as. */
export type Locals = { readonly tenantId: string };
/** The service of the contract. */
export type Service = ResourceService<Doc, Locals>;

/** The resource of the contract: the tenant, a text and a number, filterable; the text and number sortable. */
export const docs = defineResource({
  name: 'docs',
  schema: docSchema,
  filterable: ['tenantId', 'title', 'n'],
  sortable: ['title', 'n'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** The request options of a call as `tenantId`. */
export const as = (tenantId: string) => ({ locals: { tenantId } });

/** Orders records by id, in code-point order (the order of the contract's ids on every adapter). */
export const byId = (a: Doc, b: Doc): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
