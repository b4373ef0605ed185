// The servers and programs the extended tests use, found on this machine without secret variables: each variable
// when set, else the machine's default (PostgreSQL on 127.0.0.1:5432, MariaDB on 127.0.0.1:3306, Redis on
// 127.0.0.1:6379, Chromium at /usr/bin/chromium, PostgreSQL's server programs beside pg_config). One line each says
// what was found, or what to set to run that leg. Under PAGELOPE_REQUIRE_SERVICES=1 (.ci/run) a missing one fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_MYSQL_URL = 'mysql://root@127.0.0.1:3306/pagelope_test';

/**
 * Whether a test table was left by a run that is gone: the tests name their tables `<prefix>_<pid>t<thread>_<n>`
 * (tests/postgres/pg-clients.ts `uniqueTable`), and a run killed mid-way (a timeout, ^C) leaves its tables behind.
 * Thousands of them made MariaDB's catalog reads about ten times slower and its relation tests time out, so each leg
 * drops, before it starts, the tables of that pattern whose process is no longer alive; other tables are left alone.
 */
const isLeftBehind = (table) => {
  const match = /^[a-z][a-z0-9_]*?_(\d+)(?:t\d+)?_\d+$/.exec(table);
  if (!match) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
};

/** Where a URL points, without its password. */
const hostOf = (url) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

async function postgres() {
  const url = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    const { rows } = await client.query('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()');
    const stale = rows.map((row) => row.tablename).filter(isLeftBehind);
    for (const table of stale) await client.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
    if (stale.length > 0) console.log(`dropped ${stale.length} tables left by killed test runs on PostgreSQL`);
    return { found: `PostgreSQL server at ${hostOf(url)}`, env: { DATABASE_URL: url } };
  } catch (error) {
    return {
      missing: `the PostgreSQL server legs: ${hostOf(url)} does not answer (${error.message}); set DATABASE_URL=postgres://user@host:port/db`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function mariadb() {
  const url = process.env['MYSQL_URL'] || DEFAULT_MYSQL_URL;
  const mysql = require('mysql2/promise');
  const server = new URL(url);
  const database = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/';
  try {
    const connection = await mysql.createConnection({ uri: server.href, connectTimeout: 3000 });
    try {
      await connection.query(`CREATE DATABASE IF NOT EXISTS ${connection.escapeId(database)}`);
      const [rows] = await connection.query(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
        [database],
      );
      const stale = rows.map((row) => row.name).filter(isLeftBehind);
      if (stale.length > 0) {
        await connection.query('SET FOREIGN_KEY_CHECKS = 0');
        for (let at = 0; at < stale.length; at += 200) {
          const names = stale
            .slice(at, at + 200)
            .map((table) => `${connection.escapeId(database)}.${connection.escapeId(table)}`);
          await connection.query(`DROP TABLE IF EXISTS ${names.join(', ')}`);
        }
        console.log(`dropped ${stale.length} tables left by killed test runs on MariaDB`);
      }
    } finally {
      await connection.end();
    }
    return { found: `MariaDB server at ${hostOf(url)}`, env: { MYSQL_URL: url } };
  } catch (error) {
    return {
      missing: `the MariaDB legs: ${hostOf(url)} does not answer (${error.message}); set MYSQL_URL=mysql://user@host:port/db`,
    };
  }
}

function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (answered) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), 2000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

async function redis() {
  const answers = await redisAnswers(6379);
  const server = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (answers && server) return { found: 'Redis at 127.0.0.1:6379 and redis-server', env: {} };
  return {
    missing: `the shared rate limit legs: ${answers ? '' : 'no Redis answers at 127.0.0.1:6379'}${!answers && !server ? ' and ' : ''}${server ? '' : 'redis-server is not installed'} (apt-get install redis-server)`,
  };
}

function chromium() {
  const given = process.env['CHROMIUM_PATH'];
  const path =
    given || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate)) || undefined;
  if (path && existsSync(path)) return { found: `Chromium at ${path}`, env: { CHROMIUM_PATH: path } };
  return {
    missing: `the browser test of the docs page: no Chromium at ${given || '/usr/bin/chromium'} (apt-get install chromium, or set CHROMIUM_PATH)`,
  };
}

function replica() {
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    const absent = ['initdb', 'pg_ctl', 'pg_basebackup'].filter((tool) => !existsSync(join(bindir, tool)));
    if (absent.length === 0)
      return { found: `PostgreSQL's server programs in ${bindir} (the streaming replica)`, env: {} };
    return { missing: `the streaming replica legs: ${absent.join(', ')} missing from ${bindir}` };
  } catch {
    return { missing: "the streaming replica legs: pg_config is not on the PATH (PostgreSQL's server programs)" };
  }
}

/**
 * Finds every service; prints one line each. Resolves `{ status, env }`: the variables that point the tests at what
 * was found (and, when required, the PAGELOPE_REQUIRE_* that make a missing one fail), and status 1 when
 * PAGELOPE_REQUIRE_SERVICES=1 and something is missing.
 */
export async function findServices() {
  const required = process.env['PAGELOPE_REQUIRE_SERVICES'] === '1';
  const results = [await postgres(), await mariadb(), await redis(), chromium(), replica()];
  let env = {};
  let status = 0;
  for (const result of results) {
    if (result.found) {
      console.log(`found: ${result.found}`);
      env = { ...env, ...result.env };
    } else if (required) {
      console.error(`missing (PAGELOPE_REQUIRE_SERVICES=1): ${result.missing}`);
      status = 1;
    } else console.log(`skipped: ${result.missing}`);
  }
  if (required) {
    env = {
      ...env,
      PAGELOPE_REQUIRE_REDIS: '1',
      PAGELOPE_REQUIRE_BROWSER: '1',
      PAGELOPE_REQUIRE_REPLICA: '1',
      PAGELOPE_REQUIRE_MARIADB: '1',
    };
  }
  return { status, env };
}
