/** The seeded demo users the HTTP contract checks the answers against (its reference model), and the demo's rules. */
import { seedUsers } from '../../../examples/shared/seed';

/** How many users a contract server is seeded with. */
export const SEED = 60;

/** The users the demo seeds, the same on every server started with `seedRecords: SEED`. */
export const records = seedUsers(SEED);

/** One demo user as the API answers it (dates as ISO strings). */
export type UserJson = Omit<(typeof records)[number], 'createdAt'> & { createdAt: string };

/** A seeded user as the API answers it. */
export const toJson = (user: (typeof records)[number]): UserJson => ({
  ...user,
  createdAt: user.createdAt.toISOString(),
});

/** The ids of the seeded users that `keep` holds for, in the default order (id ascending). */
export const idsWhere = (keep: (user: (typeof records)[number]) => boolean): string[] =>
  records
    .filter(keep)
    .map((user) => user.id)
    .sort();

/** The `contl` rule of `search` on the demo: username or email contains the text, both sides lower-cased. */
export const searched = (text: string) => (user: { username: string; email: string }) =>
  user.username.toLowerCase().includes(text.toLowerCase()) || user.email.toLowerCase().includes(text.toLowerCase());
