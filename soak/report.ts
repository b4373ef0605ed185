import type { Check } from './checks';
import type { LegResult } from './leg';

const TITLES = {
  main: 'Main leg: in-memory store, mixed load',
  fault: 'Fault leg: repository throws on 5 % of calls',
  postgres: 'PostgreSQL leg: server connections terminated mid-run',
} as const;

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const int = (n: number): string => n.toLocaleString('en-US');

function statusClasses(byStatus: ReadonlyMap<number, number>): string {
  const classes = new Map<string, number>();
  for (const [status, n] of byStatus)
    classes.set(`${Math.floor(status / 100)}xx`, (classes.get(`${Math.floor(status / 100)}xx`) ?? 0) + n);
  const detail = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${int(n)}`)
    .join(', ');
  const summary = ['2xx', '3xx', '4xx', '5xx'].map((name) => `${name} ${int(classes.get(name) ?? 0)}`).join(' · ');
  return `${summary} (${detail})`;
}

/** The Markdown section of one leg: a summary table, then each check. */
export function formatLeg(result: LegResult, checks: readonly Check[]): string {
  const { ledger, records, heap, options } = result;
  const pass = checks.every((check) => check.pass);
  const growth = ((heap.end - heap.start) / heap.start) * 100;
  const rows: [string, string][] = [
    ['store', result.description],
    ['load', `${options.durationSeconds} s, ${options.connections} connections, pipelining 1, seed ${options.seed}`],
    ['requests answered (sent)', `${int(ledger.answered)} (${int(ledger.sent)})`],
    ['rate', `${int(Math.round(ledger.answered / result.seconds))} req/s`],
    ['statuses', statusClasses(ledger.byStatus)],
    ['timeouts / connection errors', `${result.timeouts} / ${result.connectionErrors}`],
    [
      'acknowledged creates / deletes',
      `${int(ledger.acknowledgedCreates.size)} / ${int(ledger.acknowledgedDeletes.size)}`,
    ],
    ['records expected / present', `${int(records.expected)} / ${int(records.present)}`],
    ['lost records', String(records.lost.length)],
    ['unexpected records', String(records.unexpected.length)],
    ['ambiguous writes (stored)', `${records.ambiguousWrites} (${records.ambiguousCreatesStored})`],
    [
      'heap start → end (change)',
      `${mb(heap.start)} → ${mb(heap.end)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %); with the audit log kept: ${mb(heap.endWithAudit)}`,
    ],
    ['result', pass ? '**pass**' : '**FAIL**'],
  ];
  if (result.terminations.length > 0) {
    rows.splice(6, 0, ['backends terminated per burst', result.terminations.map((t) => t.terminated).join(', ')]);
  }
  return [
    `### ${TITLES[options.leg]}`,
    '',
    '| figure | value |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value.replaceAll('|', '\\|')} |`),
    '',
    ...checks.map((check) => `- ${check.pass ? 'pass' : '**FAIL**'}: ${check.name} (${check.detail})`),
    '',
  ].join('\n');
}
