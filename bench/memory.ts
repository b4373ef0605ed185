/**
 * Memory workload, in its own process so the heap holds nothing else:
 * `node --expose-gc --import tsx bench/memory.ts <records>`. Prints one JSON line with the heap used by the records
 * alone (a plain array) and by the memory repository built from them (its own copies of the records plus its
 * indexes), then after a search (its text column), each after full garbage collections.
 */
import { createMemoryRepository, type Repository } from 'pagelope';
import { seedUsers } from '../examples/shared/seed';
import { users, type User } from '../examples/shared/users';
import { QUERIES } from './queries';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const count = Number(process.argv[2]);
if (!Number.isSafeInteger(count) || count < 1)
  throw new Error(`records must be a positive integer, got ${process.argv[2]}`);

function heapUsed(): number {
  for (let i = 0; i < 4; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

// Warm the modules (zod schema, repository code) on a tiny data set first, so the baseline holds their code and caches.
const warm = createMemoryRepository(users, { records: seedUsers(10, 2) });
for (const query of QUERIES) await warm.list(query.input);

const base = heapUsed();
let records: User[] | undefined = seedUsers(count, 1);
const recordsBytes = heapUsed() - base;

let repository: Repository<User> | undefined = createMemoryRepository(users, { records });
records = undefined;
// One list per query, so any index built lazily on first use is counted too.
for (const query of QUERIES) await repository.list(query.input);
const repositoryBytes = heapUsed() - base;
// Then a search over username and email, which builds its joined lower-cased column on first use.
await repository.list({ search: 'ab', limit: 1 });
const searchBytes = heapUsed() - base;
const total = (await repository.list({ limit: 1 })).total;
repository = undefined;

process.stdout.write(`${JSON.stringify({ count, total, recordsBytes, repositoryBytes, searchBytes })}\n`);
