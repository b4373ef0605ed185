import { exchange, type Exchange } from './exchange';

/** One probe of the shared limit: a new client address sending twice the limit within a fraction of the window. */
export interface RateProbe {
  readonly at: number;
  readonly address: string;
  readonly sent: number;
  /** Answered by an instance with anything but 429 (the probe's path is unknown: 404). */
  readonly accepted: number;
  readonly limited: number;
  /** Anything else: no answer, a 5xx. */
  readonly other: number;
  readonly ms: number;
  /** Whether Redis was meant to be up for the whole probe. */
  readonly redisUp: boolean;
  readonly exchanges: readonly Exchange[];
}

/**
 * Sends `2 × limit` requests to `/rate-probe` (a path no route serves: the limiter counts it, then it is a 404) from
 * one new client address, 8 at a time, round robin over the instances behind the balancer, so that each instance
 * sees about a quarter of them. With one shared count, exactly `limit` get through.
 */
export async function probeRateLimit(url: string, limit: number, index: number, redisUp: boolean): Promise<RateProbe> {
  const address = `10.255.${Math.floor(index / 256)}.${index % 256}`;
  const sent = limit * 2;
  const exchanges: Exchange[] = [];
  const at = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < sent) {
      const n = ++next;
      const result = await exchange(
        url,
        { op: 'probe', method: 'GET', path: '/rate-probe' },
        `probe-${index}-${n}`,
        address,
      );
      exchanges.push(result.exchange);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  const count = (test: (status: number | undefined) => boolean) => exchanges.filter((item) => test(item.status)).length;
  return {
    at,
    address,
    sent,
    accepted: count((status) => status !== undefined && status < 500 && status !== 429),
    limited: count((status) => status === 429),
    other: count((status) => status === undefined || status >= 500),
    ms: Date.now() - at,
    redisUp,
    exchanges,
  };
}
