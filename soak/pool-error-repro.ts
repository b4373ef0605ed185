/**
 * Reproduces why a node-postgres pool needs an `'error'` listener: a pool set up like the examples'
 * `openPostgresDemoStore` (none) holds one idle client, whose server process is then terminated from another
 * connection. Without a listener the pool's `'error'` event is thrown and the process exits with code 1; with
 * `--listener` it logs the event and keeps running. Only this script's own connection is terminated.
 *
 * Usage: `npx tsx soak/pool-error-repro.ts [--listener]` (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
 */
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { terminateBackends } from './terminate-backends';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const applicationName = 'pagelope-soak-pool-repro';
const pool = new pg.Pool({ connectionString: url, application_name: applicationName });
if (process.argv.includes('--listener'))
  pool.on('error', (error) => console.log(`pool 'error' event: ${error.message}`));

await pool.query('SELECT 1');
console.log(`terminated ${await terminateBackends(url, applicationName)} idle connection(s)`);
await sleep(500);
console.log(`still running; the next query answers ${(await pool.query('SELECT 1 AS one')).rows[0]?.one}`);
await pool.end();
