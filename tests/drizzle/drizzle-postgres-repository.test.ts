/**
 * The repository contract's short mode on `pagelope/drizzle` over PostgreSQL: PGlite and the server of DATABASE_URL
 * (tests/drizzle/drizzle-legs.ts). In the extended project (npm run test:all): PostgreSQL's full contract runs on the
 * server in tests/postgres/postgres-repository.test.ts, and npm test runs its short mode on PGlite there.
 */
import { repositoryContract } from 'pagelope/testing';
import { describeDrizzleLegs } from './drizzle-legs';

describeDrizzleLegs((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    mode: 'short',
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
