import type { ClusterResult } from './run-cluster';
import type { Exchange } from './exchange';

const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

const latency = (items: readonly Exchange[]) => {
  const ms = items.map((item) => item.ms);
  return `${percentile(ms, 0.5)} / ${percentile(ms, 0.99)} / ${Math.max(0, ...ms)}`;
};

/** The cluster run as Markdown: the setup, the answers by status, each fault and probe, and the checks. */
export function formatCluster(result: ClusterResult): string {
  const { findings, options } = result;
  const { exchanges, windows, probes, ledger } = findings;
  const byStatus = new Map<string, number>();
  for (const item of exchanges) {
    const key = item.status === undefined ? 'no answer' : `${item.status}${item.balancer ? ` (${item.balancer})` : ''}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const runStart = Math.min(...exchanges.map((item) => item.startedAt));
  const during = (start: number, end: number) =>
    exchanges.filter((item) => item.startedAt >= start && item.startedAt <= end);
  const lines = [
    '### Cluster',
    '',
    `${result.seconds.toFixed(0)} s in all, ${options.durationSeconds} s of load from ${options.workers} clients; ` +
      `balancer: ${result.balancer}; limit ${options.rateLimitMax} requests per 10 s per client address.`,
    '',
    `- Requests: ${exchanges.length.toLocaleString('en-US')} (${(exchanges.length / options.durationSeconds).toFixed(0)}/s); ` +
      [...byStatus.entries()]
        .sort()
        .map(([status, n]) => `${status}: ${n.toLocaleString('en-US')}`)
        .join(', '),
    `- Latency p50 / p99 / max (ms), whole run: ${latency(exchanges)}`,
    `- Writes acknowledged: ${ledger.acknowledged.size.toLocaleString('en-US')} records created, ` +
      `${[...ledger.acknowledged.values()].filter((record) => record.deleted).length} deleted; ` +
      `${ledger.ambiguousCreates.size} creates without a definite answer, ` +
      `${[...ledger.acknowledged.values()].filter((record) => record.uncertain).length} records with an uncertain write; ` +
      `${findings.stored.length.toLocaleString('en-US')} rows afterwards`,
    '',
    '| fault | at (s) | lasted (s) | requests begun meanwhile | 5xx | no answer | p50 / p99 / max (ms) | detail |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...windows.map((window) => {
      const items = during(window.start, window.end);
      const errors = items.filter((item) => (item.status ?? 0) >= 500).length;
      const cut = items.filter((item) => item.status === undefined).length;
      return `| ${window.name} | ${((window.start - runStart) / 1000).toFixed(1)} | ${((window.end - window.start) / 1000).toFixed(1)} | ${items.length} | ${errors} | ${cut} | ${latency(items)} | ${window.detail} |`;
    }),
    '',
    '| probe | Redis | sent | accepted | 429 | other | ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...probes.map(
      (probe) =>
        `| ${probe.address} | ${probe.redisUp ? 'up' : 'stopped'} | ${probe.sent} | ${probe.accepted} | ${probe.limited} | ${probe.other} | ${probe.ms} |`,
    ),
    '',
    ...result.checks.map((check) => `- ${check.pass ? 'pass' : '**FAIL**'}: ${check.name} (${check.detail})`),
    '',
  ];
  return lines.join('\n');
}
