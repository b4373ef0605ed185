import { createMemoryRepository, type PageResult, type Repository } from 'pagelope';
import { type CreateInput } from 'pagelope/kit';
import { users, type User } from '../examples/shared/users';
import type { BenchConfig } from './config';
import { benchUsers } from './data';
import { collectGarbage, measure, measureEach, summarise, timeOnce, type Measurement } from './harness';
import { log } from './log';
import { createJsonServerList, type JsonUser } from './peers/json-server-list';
import { lodashList, mingoList, naiveList, scanFloor, type Page } from './peers/list-peers';
import { QUERIES, type BenchQuery } from './queries';
import { fromMs, type Row, type Table } from './report';
import { runW2Search } from './w2-search';

interface Candidate {
  readonly name: string;
  readonly role: Row['role'];
  readonly slow: boolean;
  /** Runs on another data set (the best case row), so its page is not compared. */
  readonly otherData?: boolean;
  readonly run: () => Page<{ id: string }> | Promise<Page<{ id: string }>>;
}

const idsOf = (page: Page<{ id: string }>): string => page.items.map((item) => item.id).join(',');

/** Compares a page with pagelope's: the same total and ids in the same order. */
function samePage(page: Page<{ id: string }>, reference: PageResult<User>, role: Row['role']): string {
  if (page.total !== reference.total) return `✗ total ${page.total} ≠ ${reference.total}`;
  if (idsOf(page) === idsOf(reference)) return '✓';
  return role === 'floor' ? 'total only (unsorted)' : '✗ other records';
}

const withUnit = (m: Measurement): Pick<Row, 'median' | 'p25' | 'p75' | 'samples'> => ({
  median: fromMs(m.median, 'ms'),
  p25: fromMs(m.p25, 'ms'),
  p75: fromMs(m.p75, 'ms'),
  samples: m.samples,
});

const formatCount = (n: number): string => n.toLocaleString('en-US');

/** One record for the create benchmark: no id (the repository assigns a uuid v7), fields spread over the indexes. */
function createInput(i: number): CreateInput<User> {
  const username = `bench${(i * 7919) % 100_003}x${i}`;
  return {
    username,
    email: `${username}@example.com`,
    status: i % 3 === 0 ? 'banned' : 'active',
    age: 18 + (i % 60),
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    deletedAt: null,
    version: 1,
  };
}

/**
 * W2: q1..q4 at each size against pagelope's memory repository, naive, lodash, mingo, json-server's list logic and
 * (for the filtered queries) the linear-scan floor; bulk load times; at the largest size, the search over two fields
 * beside q1 (bench/w2-search.ts) and single-create times.
 */
export async function runW2(config: BenchConfig): Promise<Table[]> {
  const tables: Table[] = [];
  const loadRows: Row[] = [];
  let createRow: Row | undefined;
  const largest = Math.max(...config.listSizes);

  for (const size of config.listSizes) {
    log(`W2 N=${formatCount(size)}: seeding`);
    let { records, ordered } = benchUsers(size) as { records?: User[]; ordered?: User[] };
    let repository: Repository<User> | undefined;
    const loads: number[] = [];
    for (let i = 0; i < config.bulkLoads; i++) {
      repository = undefined;
      collectGarbage();
      const source = records as User[];
      const { ms, value } = await timeOnce(() => createMemoryRepository(users, { records: source }));
      repository = value;
      loads.push(ms);
      log(`W2 N=${formatCount(size)}: bulk load ${(ms / 1000).toFixed(2)} s`);
    }
    const load = summarise(loads, 1, undefined);
    loadRows.push({
      name: `createMemoryRepository, ${formatCount(size)} records`,
      role: 'pagelope',
      median: fromMs(load.median, 's'),
      p25: fromMs(load.min, 's'),
      p75: fromMs(load.max, 's'),
      samples: load.samples,
    });
    const repo = repository as Repository<User>;
    // json-server holds what it loaded from db.json: the same records with ISO date strings.
    let jsonRecords: JsonUser[] | undefined = (records as User[]).map((user) => ({
      ...user,
      createdAt: user.createdAt.toISOString(),
    }));
    const jsonServerList = createJsonServerList(jsonRecords);
    const data = records as User[];
    const seedOrder = ordered as User[];

    for (const query of QUERIES) {
      const candidates: Candidate[] = [
        { name: 'pagelope memory repository', role: 'pagelope', slow: false, run: () => repo.list(query.input) },
        { name: 'naive filter+sort+slice', role: 'peer', slow: true, run: () => naiveList(data, query) },
        ...(query.sort[0]?.field === 'createdAt'
          ? [
              {
                name: 'naive on seedUsers as is (array already in createdAt order)',
                role: 'peer' as const,
                slow: true,
                otherData: true,
                run: () => naiveList(seedOrder, query),
              },
            ]
          : []),
        { name: 'lodash chain', role: 'peer', slow: true, run: () => lodashList(data, query) },
        { name: 'mingo', role: 'peer', slow: true, run: () => mingoList(data, query) },
        { name: 'json-server 0.17 list logic', role: 'peer', slow: true, run: () => jsonServerList(query.jsonServer) },
        ...(query.floor
          ? [{ name: 'one linear scan', role: 'floor' as const, slow: false, run: () => scanFloor(data, query) }]
          : []),
      ];
      const rows: Row[] = [];
      let reference: PageResult<User> | undefined;
      for (const candidate of candidates) {
        const m = await measure(candidate.run, candidate.slow ? config.slowList : config.list);
        const page = m.last as Page<{ id: string }>;
        reference ??= m.last as PageResult<User>;
        log(`W2 N=${formatCount(size)} ${query.id} ${candidate.name}: ${m.median.toPrecision(3)} ms (n=${m.samples})`);
        rows.push({
          name: candidate.name,
          role: candidate.role,
          ...withUnit(m),
          extra: {
            'same page': candidate.otherData
              ? 'n/a (other createdAt values)'
              : samePage(page, reference, candidate.role),
          },
        });
      }
      tables.push(listTable(size, query, rows, reference?.total ?? 0));
    }

    if (size === largest) {
      tables.push(await runW2Search(repo, data, size, config));
      let next = 0;
      const m = await measureEach(() => repo.create(createInput(next++)), config.creates, config.createWarmup);
      createRow = {
        name: `create at ${formatCount(size)} records`,
        role: 'pagelope',
        median: fromMs(m.median, 'µs'),
        p25: fromMs(m.p25, 'µs'),
        p75: fromMs(m.p75, 'µs'),
        samples: m.samples,
      };
      log(`W2 N=${formatCount(size)} create: ${(m.median * 1000).toFixed(1)} µs`);
    }
    records = undefined;
    ordered = undefined;
    jsonRecords = undefined;
    repository = undefined;
    collectGarbage();
  }

  tables.push({
    id: 'w2-load',
    workload: 'W2',
    title: 'W2 bulk load (createMemoryRepository with `records`)',
    unit: 's',
    measure: 'time per load (validation of every record, then every index built)',
    higherIsBetter: false,
    rows: loadRows,
    spread: 'min–max',
  });
  if (createRow) {
    tables.push({
      id: 'w2-create',
      workload: 'W2',
      title: 'W2 single create (repository.create, indexes maintained)',
      unit: 'µs',
      measure: `time of each create, timed one by one after ${config.createWarmup} warm-up creates`,
      higherIsBetter: false,
      rows: [createRow],
      notes: ['Each create validates the record, assigns a uuid v7 id and inserts it into every index.'],
    });
  }
  return tables;
}

function listTable(size: number, query: BenchQuery, rows: Row[], total: number): Table {
  return {
    id: `w2-${size}-${query.id}`,
    workload: 'W2',
    title: `W2 list, N = ${formatCount(size)}, ${query.id}: ${query.label} (total ${formatCount(total)})`,
    unit: 'ms',
    measure: 'time per list call (page and total)',
    higherIsBetter: false,
    rows,
    extraColumns: ['same page'],
    notes: [
      'pagelope: `repository.list(' +
        JSON.stringify(query.input) +
        ')`; json-server: `GET /users?' +
        new URLSearchParams(query.jsonServer as Record<string, string>).toString() +
        '` through its own list handler.',
      'Every implementation reads the same records: seedUsers(N, 1) with the createdAt values shuffled among them (bench/data.ts), so that createdAt order is not array order. The row "naive on seedUsers as is" runs naive on the unshuffled seed, whose array is already in createdAt order, so its sort is a single reversed run (the naive best case; other createdAt values, so another page).',
      'Peers with calls of seconds take fewer samples (at least 3) within a time budget: see n; when one call takes over 1 s, the warm-up call counts as the first sample.',
      ...(query.floor
        ? ["The floor counts the matches in one pass and keeps only the page's records, without sorting."]
        : []),
    ],
  };
}

/** W2's search table alone, at the largest size (`--only search`): seeds and loads the records, then times the search. */
export async function runW2SearchOnly(config: BenchConfig): Promise<Table[]> {
  const size = Math.max(...config.listSizes);
  log(`W2 N=${formatCount(size)}: seeding for the search`);
  const { records } = benchUsers(size);
  const repo = createMemoryRepository(users, { records });
  return [await runW2Search(repo, records, size, config)];
}
