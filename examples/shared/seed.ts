import { createRandom } from './random';
import type { User } from './users';

const STATUSES = ['active', 'inactive', 'banned'] as const;
const SYLLABLES = ['ab', 'el', 'ka', 'mo', 'ri', 'tu', 'ne', 'so', 'va', 'li', 'zo', 'ph'];
const START = Date.UTC(2024, 0, 1);

/** Generates `count` deterministic demo users (ids `user-000001`, ...). */
export function seedUsers(count: number, seed = 1): User[] {
  const next = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const records: User[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}${i}`;
    records.push({
      id: `user-${String(i).padStart(6, '0')}`,
      username,
      email: `${username}@example.com`,
      status: pick(STATUSES),
      age: 18 + Math.floor(next() * 60),
      createdAt: new Date(START + i * 60_000 + Math.floor(next() * 30_000)),
      deletedAt: null,
      version: 1,
    });
  }
  return records;
}

/** The seed size from `SEED_RECORDS` (default 1000). */
export function seedCountFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const count = Number(env.SEED_RECORDS ?? 1000);
  return Number.isSafeInteger(count) && count >= 0 ? count : 1000;
}
