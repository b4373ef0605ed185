import querystring from 'node:querystring';
import { RequestQueryParser } from '@nestjsx/crud-request';
import qs from 'qs';
import { z } from 'zod';

/**
 * W1's peers, each given the raw query string of the same list request in its own grammar and returning its own
 * result: the parsed query, or on invalid input the 400 body it would send.
 */

/** A 400 body built by a peer, shaped like pagelope's envelope so every path does comparable work. */
export interface PeerErrorBody {
  readonly statusCode: 400;
  readonly message: string | readonly string[];
  readonly error: 'Bad Request';
}

const badRequest = (message: string | readonly string[]): PeerErrorBody => ({
  statusCode: 400,
  message,
  error: 'Bad Request',
});

// ---------------------------------------------------------------------------------------------------------------
// qs + zod: qs turns `username[operator]=cont` into nested objects, a strict zod schema validates and coerces them.

const text = z
  .object({ operator: z.enum(['eq', 'ne', 'cont', 'excl', 'starts', 'ends']), value: z.string().max(256) })
  .strict();
const intRange = z
  .object({
    eq: z.coerce.number().int(),
    gt: z.coerce.number().int(),
    gte: z.coerce.number().int(),
    lt: z.coerce.number().int(),
    lte: z.coerce.number().int(),
  })
  .partial()
  .strict();
const dateRange = z
  .object({ gt: z.coerce.date(), gte: z.coerce.date(), lt: z.coerce.date(), lte: z.coerce.date() })
  .partial()
  .strict();

/** The zod schema a hand-rolled endpoint would write for the demo's `users` list. */
export const listQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    page: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
    username: text.optional(),
    email: text.optional(),
    status: z
      .object({ eq: z.enum(['active', 'inactive', 'banned']), ne: z.enum(['active', 'inactive', 'banned']) })
      .partial()
      .strict()
      .optional(),
    age: intRange.optional(),
    createdAt: dateRange.optional(),
    orderBy: z.enum(['id', 'username', 'age', 'createdAt']).default('id'),
    orderDirection: z.enum(['ASC', 'DESC']).default('ASC'),
  })
  .strict();

/** qs + zod: the parsed, validated object, or a 400 body with one message per zod issue. */
export function parseWithQsZod(query: string): z.output<typeof listQuerySchema> | PeerErrorBody {
  const result = listQuerySchema.safeParse(qs.parse(query));
  if (result.success) return result.data;
  return badRequest(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}

// ---------------------------------------------------------------------------------------------------------------
// @nestjsx/crud-request: NestJS (Express 5) parses the query string with Node's `querystring`, then the CRUD
// interceptor calls `RequestQueryParser.create().parseQuery(req.query)`, turning its exception into a 400.

/** @nestjsx/crud-request: the parsed request params, or the 400 body of its `RequestQueryException`. */
export function parseWithNestjsxCrud(query: string): unknown {
  try {
    return RequestQueryParser.create().parseQuery(querystring.parse(query)).getParsed();
  } catch (error) {
    return badRequest(error instanceof Error ? error.message : String(error));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The floor: what one writes by hand for exactly this endpoint with URLSearchParams, as strict as pagelope's rules
// for these fields (known keys only, operators per field kind, integer bounds, enum values), building the same
// `{ page, limit, where, orderBy }` with the id tie-breaker.

const TEXT_OPS = new Set(['eq', 'ne', 'cont', 'excl', 'starts', 'ends']);
const RANGE_OPS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']);
const STATUSES = new Set(['active', 'inactive', 'banned']);
const SORTABLE = new Set(['username', 'age', 'createdAt']);
const INTEGER = /^(0|-?[1-9]\d{0,15})$/;

type Where = Record<string, Record<string, unknown>>;

/** The hand-written floor: a `ListQuery`-shaped object, or a 400 body with one message per problem. */
export function parseWithUrlSearchParams(query: string): unknown {
  const problems: string[] = [];
  const where: Where = {};
  let limit = 10;
  let page = 1;
  let orderBy = 'id';
  let direction = 'asc';
  const operators: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (key === 'limit') {
      limit = INTEGER.test(value) ? Math.min(Number(value), 100) : 0;
      if (limit < 1) problems.push('limit must be a positive integer');
    } else if (key === 'page') {
      page = INTEGER.test(value) ? Number(value) : 0;
      if (page < 1) problems.push('page must be a positive integer');
    } else if (key === 'orderBy') {
      if (SORTABLE.has(value)) orderBy = value;
      else problems.push(`orderBy: "${value}" is not sortable`);
    } else if (key === 'orderDirection') {
      if (value === 'ASC' || value === 'DESC') direction = value === 'ASC' ? 'asc' : 'desc';
      else problems.push('orderDirection must be ASC or DESC');
    } else {
      const open = key.indexOf('[');
      const field = open > 0 && key.endsWith(']') ? key.slice(0, open) : '';
      const sub = key.slice(open + 1, -1);
      if (field === 'username' || field === 'email') {
        if (sub === 'operator') {
          if (TEXT_OPS.has(value)) operators[field] = value;
          else problems.push(`${key}: unknown operator "${value}"`);
        } else if (sub === 'value') (where[field] ??= {})['value'] = value;
        else problems.push(`unknown parameter "${key}"`);
      } else if (field === 'age' && RANGE_OPS.has(sub)) {
        if (INTEGER.test(value)) (where[field] ??= {})[sub] = Number(value);
        else problems.push(`${key} must be an integer`);
      } else if (field === 'status' && (sub === 'eq' || sub === 'ne')) {
        if (STATUSES.has(value)) (where[field] ??= {})[sub] = value;
        else problems.push(`${key} must be one of active, inactive, banned`);
      } else problems.push(`unknown parameter "${key}"`);
    }
  }
  for (const field of ['username', 'email']) {
    const condition = where[field];
    const operator = operators[field];
    if (condition && operator) where[field] = { [operator]: condition['value'] };
    else if (condition || operator) problems.push(`${field} needs both [operator] and [value]`);
  }
  if (problems.length > 0) return badRequest(problems);
  const order = [{ field: orderBy, direction }];
  if (orderBy !== 'id') order.push({ field: 'id', direction: 'asc' });
  return { page, limit, where, orderBy: order };
}
