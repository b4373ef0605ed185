/** W3's load tests: a probe of the page, and autocannon runs whose figures add up per server and query. */
import autocannon from 'autocannon';

/** What the load tests of one server on one query gathered, over all its runs. */
export interface Measured {
  ids: string;
  /** Requests per second, one per second of load (the last partial second scaled, or dropped under half a second). */
  readonly perSecond: number[];
  /** Response times (ms) of every response. */
  readonly latencies: number[];
  requests: number;
  seconds: number;
  /** Server CPU time (µs) over the measured runs. */
  cpu: number;
  /** Requests per second of each run, in order. */
  readonly runRates: number[];
  non2xx: number;
  errors: number;
  runs: number;
  runSeconds: number;
}

export const emptyMeasured = (): Measured => ({
  ids: '',
  perSecond: [],
  latencies: [],
  requests: 0,
  seconds: 0,
  cpu: 0,
  runRates: [],
  non2xx: 0,
  errors: 0,
  runs: 0,
  runSeconds: 0,
});

/** One GET before the load test: the status and the ids of the page, wherever the body keeps its records. */
export async function probe(url: string): Promise<{ status: number; ids: string }> {
  const response = await fetch(url);
  const body = (await response.json()) as unknown;
  const items = Array.isArray(body)
    ? body
    : ((body as { items?: unknown[]; data?: unknown[] }).items ?? (body as { data?: unknown[] }).data ?? []);
  return { status: response.status, ids: (items as { id: string }[]).map((item) => item.id).join(',') };
}

/** One autocannon run; with `into`, its requests per second (sampled each second) and response times are added. */
export function load(url: string, seconds: number, connections: number, into?: Measured): Promise<void> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let since = 0;
    let timer: NodeJS.Timeout | undefined;
    const sample = (final: boolean): void => {
      const now = performance.now();
      const elapsed = (now - since) / 1000;
      if (into && (!final || elapsed >= 0.5)) into.perSecond.push(count / elapsed);
      count = 0;
      since = now;
    };
    const instance = autocannon(
      { url, duration: seconds, connections, pipelining: 1, timeout: 30 },
      (error, result) => {
        clearInterval(timer);
        if (error) return reject(error);
        if (into) {
          sample(true);
          into.runRates.push(result.requests.total / result.duration);
          into.requests += result.requests.total;
          into.seconds += result.duration;
          into.non2xx += result.non2xx;
          into.errors += result.errors;
          into.runs += 1;
          into.runSeconds = seconds;
        }
        resolve();
      },
    );
    instance.on('start', () => {
      since = performance.now();
      timer = setInterval(() => sample(false), 1000);
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      count++;
      if (into) into.latencies.push(ms);
    });
  });
}
