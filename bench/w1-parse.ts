import { errorResponse, parseListQuery } from 'pagelope';
import { users } from '../examples/shared/users';
import type { BenchConfig } from './config';
import { measure } from './harness';
import {
  parseWithNestjsxCrud,
  parseWithQsZod,
  parseWithUrlSearchParams,
  type PeerErrorBody,
} from './peers/parse-peers';
import { fromMs, type Row, type Table } from './report';

/** The typical list query of the issue (limit, page, two filters, orderBy, orderDirection) in each grammar. */
export const VALID = {
  pagelope:
    'limit=20&page=3&username[operator]=cont&username[value]=ab&age[gte]=18&orderBy=createdAt&orderDirection=DESC',
  nestjsx: 'limit=20&page=3&filter=username||$cont||ab&filter=age||$gte||18&sort=createdAt,DESC',
} as const;

/** The same request made invalid in several ways (bad limit, bad page, unknown operator, non-integer age, bad order). */
export const INVALID = {
  pagelope:
    'limit=0&page=abc&username[operator]=nope&username[value]=ab&age[gte]=x&orderBy=password&orderDirection=SIDEWAYS',
  nestjsx: 'limit=abc&page=3&filter=username||$nope||ab&filter=age||$gte||18&sort=createdAt,SIDEWAYS',
} as const;

const REQUEST_HEADERS = { 'x-correlation-id': 'bench-req-42' };
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** pagelope's error path: the thrown HttpError all the way to the frozen 400 response. */
function pagelopeParse(query: string): unknown {
  try {
    return parseListQuery(query, users);
  } catch (error) {
    return errorResponse(error, { headers: REQUEST_HEADERS });
  }
}

/** The floor's error path: its problems, then the same frozen response built by hand. */
function floorParse(query: string): unknown {
  const result = parseWithUrlSearchParams(query) as PeerErrorBody | object;
  if (!('statusCode' in result)) return result;
  const correlationID = REQUEST_HEADERS['x-correlation-id'];
  const body = Object.freeze({ ...result, timestamp: Date.now(), correlationID });
  return Object.freeze({
    statusCode: 400,
    headers: Object.freeze({ 'content-type': CONTENT_TYPE, 'x-correlation-id': correlationID }),
    body,
  });
}

function isError(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    (value as { statusCode: unknown }).statusCode === 400
  );
}

/** W1: pagelope's parser vs qs + zod, @nestjsx/crud-request and a URLSearchParams floor, valid and invalid query. */
export async function runW1(config: BenchConfig): Promise<Table[]> {
  const tables: Table[] = [];
  for (const [kind, queries] of [
    ['valid', VALID],
    ['invalid', INVALID],
  ] as const) {
    const candidates: { name: string; role: Row['role']; run: () => unknown }[] = [
      { name: 'pagelope parseListQuery', role: 'pagelope', run: () => pagelopeParse(queries.pagelope) },
      { name: 'qs + zod', role: 'peer', run: () => parseWithQsZod(queries.pagelope) },
      { name: '@nestjsx/crud-request', role: 'peer', run: () => parseWithNestjsxCrud(queries.nestjsx) },
      { name: 'URLSearchParams by hand', role: 'floor', run: () => floorParse(queries.pagelope) },
    ];
    const rows: Row[] = [];
    for (const candidate of candidates) {
      const outcome = candidate.run();
      const rejected = isError(outcome);
      if (rejected !== (kind === 'invalid')) {
        throw new Error(
          `W1 ${kind}: ${candidate.name} ${rejected ? 'rejected' : 'accepted'} the query: ${JSON.stringify(outcome)}`,
        );
      }
      const m = await measure(candidate.run, config.micro);
      rows.push({
        name: candidate.name,
        role: candidate.role,
        median: fromMs(m.median, 'µs'),
        p25: fromMs(m.p25, 'µs'),
        p75: fromMs(m.p75, 'µs'),
        samples: m.samples,
        extra: { result: kind === 'invalid' ? describeError(outcome) : 'parsed' },
      });
    }
    tables.push({
      id: `w1-${kind}`,
      workload: 'W1',
      title: `W1 parse, ${kind} query`,
      unit: 'µs',
      measure: 'time per parse (raw query string in, result or 400 out)',
      higherIsBetter: false,
      rows,
      extraColumns: ['result'],
      notes: [
        `pagelope, qs + zod and the floor read \`${queries.pagelope}\`; @nestjsx/crud-request reads \`${queries.nestjsx}\` (via node:querystring, as NestJS on Express 5 does).`,
        kind === 'invalid'
          ? 'pagelope: parseListQuery throws, errorResponse builds the frozen 400 response (headers + envelope); the floor builds the same response by hand; qs + zod map zod issues to a 400 body; @nestjsx/crud-request stops at its first RequestQueryException, turned into a 400 body.'
          : 'Each returns its own parsed form: pagelope a frozen ListQuery, qs + zod the schema output, @nestjsx/crud-request its ParsedRequestParams, the floor a ListQuery-shaped object.',
      ],
    });
  }
  return tables;
}

function describeError(outcome: unknown): string {
  const body = (outcome as { body?: { message?: unknown }; message?: unknown }).body ?? outcome;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? `400, ${message.length} messages` : '400, 1 message';
}
