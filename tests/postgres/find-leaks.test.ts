/**
 * The leak oracle (tests/contracts/leak-contract.ts) on PostgreSQL: PGlite, and the server when DATABASE_URL is set.
 * The three resources are on one client, so the books' relation filters, sorts, embeds and counts are EXISTS
 * subqueries and joins under the tenant scope.
 */
import { describeLeakContract } from '../contracts/leak-contract';
import { describePostgresLegs } from './pg-clients';

describePostgresLegs((name, makeRepository) =>
  describeLeakContract(`createPostgresRepository on ${name}`, makeRepository),
);
