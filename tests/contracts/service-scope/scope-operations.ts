/** The writes the scope contract tries: every operation naming an id, and the writes that would leave the scope. */
import { as, type Service } from './fixtures';

/** A write of the contract's tables: its name and how it runs on a service. */
export interface Operation {
  readonly name: string;
  readonly run: (service: Service, id: string, tenantId: string) => Promise<unknown>;
}

/** Every operation that names an id, as a tenant. */
export const ID_OPERATIONS: readonly Operation[] = [
  { name: 'get', run: (s, id, t) => s.get(id, as(t)) },
  { name: 'update', run: (s, id, t) => s.update(id, { title: 'zz' }, as(t)) },
  { name: 'update pulling the record into the tenant', run: (s, id, t) => s.update(id, { tenantId: t }, as(t)) },
  { name: 'replace', run: (s, id, t) => s.replace(id, { title: 'zz', n: 1 }, as(t)) },
  {
    name: 'replace naming the tenant',
    run: (s, id, t) => s.replace(id, { tenantId: t, title: 'zz', n: 1 }, as(t)),
  },
  { name: 'delete', run: (s, id, t) => s.delete(id, as(t)) },
];

/** A write as tenant `own` that would put a record into tenant `other`. */
export interface LeavingWrite {
  readonly name: string;
  readonly run: (service: Service, id: string, own: string, other: string) => Promise<unknown>;
}

/** The writes as one tenant that would put a record into another. */
export const LEAVING_WRITES: readonly LeavingWrite[] = [
  {
    name: 'create naming another tenant',
    run: (s, _id, own, other) => s.create({ tenantId: other, title: 'x', n: 1 }, as(own)),
  },
  { name: 'update to another tenant', run: (s, id, own, other) => s.update(id, { tenantId: other }, as(own)) },
  {
    name: 'replace naming another tenant',
    run: (s, id, own, other) => s.replace(id, { tenantId: other, title: 'x', n: 1 }, as(own)),
  },
];
