import { createRandom } from '../examples/shared/random';
import { seedUsers } from '../examples/shared/seed';
import type { User } from '../examples/shared/users';

/** Seed of the deterministic shuffle of the `createdAt` values. */
const SHUFFLE_SEED = 0x5eed;

/**
 * The benchmark's records: the demo's deterministic `seedUsers(count, 1)` (same ids, usernames, emails, statuses and
 * ages, in id order) with their `createdAt` values shuffled among them by a seeded shuffle.
 *
 * `seedUsers` makes `createdAt` grow with the id, so its array is already in `createdAt` order and a `createdAt` sort
 * of it (or of any filtered part) is one run that V8's TimSort merely reverses in O(n): every peer's sort would be
 * nearly free on q1-q3. With the values shuffled, `createdAt` order is no longer insertion order (imported data, or
 * any other sort field) and the sorts do their real work. The records are fresh objects allocated in array order,
 * as records loaded or created one after another are. `ordered` is `seedUsers` as is, for the naive best case that
 * W2 also shows.
 */
export function benchUsers(count: number): { readonly records: User[]; readonly ordered: User[] } {
  const ordered = seedUsers(count, 1);
  const times = ordered.map((user) => user.createdAt.getTime());
  const next = createRandom(SHUFFLE_SEED);
  for (let i = times.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const swap = times[i] as number;
    times[i] = times[j] as number;
    times[j] = swap;
  }
  const records = ordered.map((user, i) => ({
    id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    age: user.age,
    createdAt: new Date(times[i] as number),
    deletedAt: user.deletedAt,
    version: user.version,
  }));
  return { records, ordered };
}
