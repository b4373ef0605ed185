/**
 * The leak oracle (tests/contracts/leak-contract.ts) on MariaDB through `pagelope/drizzle`, when MYSQL_URL is set:
 * text in the server's default collation (case- and accent-insensitive) and in `utf8mb4_nopad_bin`. The three
 * resources are on one database, so the books' relation filters, sorts, embeds and counts are read in SQL.
 */
import type { RepositoryFactory } from 'pagelope/testing';
import { describeLeakContract } from '../contracts/leak-contract';
import { describeMysqlLeg } from './mysql-leg';

const onLeg = (name: string, makeRepository: RepositoryFactory) =>
  describeLeakContract(`createDrizzleRepository on ${name}`, makeRepository);

describeMysqlLeg(onLeg);
describeMysqlLeg(onLeg, { collation: 'code-point' });
