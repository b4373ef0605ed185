import { errorResponse, HttpError } from 'pagelope';
import type { BenchConfig } from './config';
import { measure } from './harness';
import { fromMs, type Row, type Table } from './report';

const REQUEST_HEADERS = { 'x-correlation-id': 'bench-req-42', accept: 'application/json' };
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface Case {
  readonly id: string;
  readonly label: string;
  /** Built once, outside the timed calls: W4 times the envelope, not the `Error` constructor's stack capture. */
  readonly error: unknown;
  readonly statusCode: number;
  readonly message: string | readonly string[];
  readonly name: string;
}

const CASES: readonly Case[] = [
  {
    id: 'http-error',
    label: 'HttpError 404 (\'users "user-000042" not found\')',
    error: new HttpError(404, 'users "user-000042" not found'),
    statusCode: 404,
    message: 'users "user-000042" not found',
    name: 'Not Found',
  },
  {
    id: 'validation',
    label: 'validation error (HttpError 400 with a message array)',
    error: new HttpError(400, ['limit must be a positive integer', 'orderBy: "password" is not a sortable field']),
    statusCode: 400,
    message: Object.freeze(['limit must be a positive integer', 'orderBy: "password" is not a sortable field']),
    name: 'Bad Request',
  },
  {
    id: 'unknown',
    label: "unknown Error ('connect ECONNREFUSED')",
    error: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
    statusCode: 500,
    message: 'Internal server error',
    name: 'Internal server error',
  },
];

/** The floor: the same frozen `{ statusCode, headers, body }` built by hand for a known error. */
function handBuilt(c: Case, headers: Readonly<Record<string, string>>): unknown {
  const correlationID = headers['x-correlation-id'] as string;
  return Object.freeze({
    statusCode: c.statusCode,
    headers: Object.freeze({ 'content-type': CONTENT_TYPE, 'x-correlation-id': correlationID }),
    body: Object.freeze({
      statusCode: c.statusCode,
      message: c.message,
      error: c.name,
      timestamp: Date.now(),
      correlationID,
    }),
  });
}

/** W4: `errorResponse` for three kinds of error vs building the same response by hand. */
export async function runW4(config: BenchConfig): Promise<Table[]> {
  const tables: Table[] = [];
  for (const c of CASES) {
    const mine = errorResponse(c.error, { headers: REQUEST_HEADERS });
    const floor = handBuilt(c, REQUEST_HEADERS) as typeof mine;
    const same =
      JSON.stringify({ ...mine, body: { ...mine.body, timestamp: 0 } }) ===
      JSON.stringify({ ...floor, body: { ...floor.body, timestamp: 0 } });
    if (!same)
      throw new Error(
        `W4 ${c.id}: the hand-built floor differs from errorResponse: ${JSON.stringify(mine)} vs ${JSON.stringify(floor)}`,
      );
    const rows: Row[] = [];
    for (const [name, role, run] of [
      ['errorResponse', 'pagelope', () => errorResponse(c.error, { headers: REQUEST_HEADERS })],
      ['hand-built object', 'floor', () => handBuilt(c, REQUEST_HEADERS)],
    ] as const) {
      const m = await measure(run, config.micro);
      rows.push({
        name,
        role,
        median: fromMs(m.median, 'ns'),
        p25: fromMs(m.p25, 'ns'),
        p75: fromMs(m.p75, 'ns'),
        samples: m.samples,
      });
    }
    tables.push({
      id: `w4-${c.id}`,
      workload: 'W4',
      title: `W4 errors, ${c.label}`,
      unit: 'ns',
      measure: 'time per response (error and request headers in, frozen { statusCode, headers, body } out)',
      higherIsBetter: false,
      rows,
      notes: [
        "Both produce the same response (checked before timing; timestamps aside), with the request's safe x-correlation-id.",
      ],
    });
  }
  return tables;
}
