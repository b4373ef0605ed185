import type { RepositoryContractBlock } from 'pagelope/testing';

/**
 * The blocks of the repository contract that take most of its run on MariaDB (relations 56 s, batch writes 27 s,
 * properties 23 s of about 174 s, measured on 2026-12-07 on a loaded 2-core machine): declared in
 * mysql-contract-slow.test.ts, the rest in drizzle-repository.test.ts, so that the two halves run on two workers.
 */
export const MARIADB_SLOW_BLOCKS: readonly RepositoryContractBlock[] = ['relations', 'batch', 'properties'];
