/** A seeded demo repository whose writes (or every method) reject, for the 409, 500 and 503 cases. */
import { createMemoryRepository, type Repository } from 'pagelope';
import { seedUsers } from '../../../examples/shared/seed';
import { users, type User } from '../../../examples/shared/users';
import { SEED } from './cases';

/** The seeded memory repository with `create`, `replace` and `update` (and, with `all`, every method) rejecting. */
export function rejecting(error: () => unknown, all = false): Repository<User> {
  const base = createMemoryRepository(users, { records: seedUsers(SEED) }) as unknown as Record<string, unknown>;
  const writes = new Set(['create', 'replace', 'update']);
  const wrapped: Record<string, unknown> = {};
  for (const key of Object.keys(base)) {
    const value = base[key];
    if (typeof value !== 'function') wrapped[key] = value;
    else if (all || writes.has(key)) wrapped[key] = () => Promise.reject(error());
    else wrapped[key] = (value as (...args: unknown[]) => unknown).bind(base);
  }
  return wrapped as unknown as Repository<User>;
}
