import { validate as isUuid, version as uuidVersion } from 'uuid';
import { describe, expect, it } from 'vitest';
import { classifyError } from '../../src/errors/classify-error';
import { newCorrelationId } from '../../src/errors/correlation-id';
import { errorResponse } from '../../src/errors/error-response';
import { HttpError } from '../../src/errors/http-error';
import { normalizeMessage } from '../../src/errors/normalize-message';
import { pickExtras } from '../../src/errors/pick-extras';
import { toSafeHeaders } from '../../src/errors/safe-headers';
import { STATUS_NAMES, statusName } from '../../src/errors/status-names';
import { EMPTY_RECORD, TRUSTED_EXTRAS, TRUSTED_HEADERS, TRUSTED_MESSAGES } from '../../src/errors/trusted';

const NOW = (): number => 1_700_000_000_000;
const OPTIONS = { headers: { 'x-correlation-id': 'req-1' }, now: NOW };

describe('normalizeMessage', () => {
  it('returns an array it built before as it is, and a fresh frozen copy of any other array', () => {
    const first = normalizeMessage(['a', 1, 'b'], 'Fallback');
    expect(first).toEqual(['a', 'b']);
    expect(normalizeMessage(first, 'Fallback')).toBe(first);
    const frozenByCaller = Object.freeze(['a', '', 'b']);
    const copy = normalizeMessage(frozenByCaller, 'Fallback');
    expect(copy).not.toBe(frozenByCaller);
    expect(copy).toEqual(['a', 'b']);
  });
});

describe('pickExtras', () => {
  it.each([
    { label: 'undefined', body: undefined },
    { label: 'an empty object', body: {} },
    { label: 'only reserved keys', body: { statusCode: 200, message: 'x', __proto__: null } },
    { label: 'only values JSON drops', body: { f: () => 1, s: Symbol('s'), u: undefined } },
  ])('returns the shared frozen empty record for $label', ({ body }) => {
    expect(pickExtras(body)).toBe(EMPTY_RECORD);
    expect(Object.isFrozen(EMPTY_RECORD)).toBe(true);
    expect(Object.keys(EMPTY_RECORD)).toEqual([]);
  });

  it('returns a record it built before as it is', () => {
    const extras = pickExtras({ details: [1], code: 'E1' });
    expect(TRUSTED_EXTRAS.has(extras)).toBe(true);
    expect(pickExtras(extras)).toBe(extras);
  });

  it('returns a checked copy of a record built by toSafeHeaders (one kind is never trusted as another)', () => {
    const headers = toSafeHeaders({ 'Retry-After': 5 });
    expect(TRUSTED_EXTRAS.has(headers)).toBe(false);
    expect(pickExtras(headers)).not.toBe(headers);
    expect(pickExtras(headers)).toEqual({ 'retry-after': '5' });
  });
});

describe('toSafeHeaders', () => {
  it('returns the shared frozen empty record when no header is kept', () => {
    expect(toSafeHeaders(undefined)).toBe(EMPTY_RECORD);
    expect(toSafeHeaders({ 'x-bad': 'a\r\nb', 'content-type': 'text/html' })).toBe(EMPTY_RECORD);
  });

  it('returns a record it built before as it is', () => {
    const headers = toSafeHeaders({ 'Retry-After': 5 });
    expect(TRUSTED_HEADERS.has(headers)).toBe(true);
    expect(toSafeHeaders(headers)).toBe(headers);
  });

  it('returns only safe headers for extras that hold objects (extras are never trusted as headers)', () => {
    const extras = pickExtras({ nested: { a: 1 }, 'x-ok': 'yes' });
    expect(TRUSTED_HEADERS.has(extras)).toBe(false);
    expect(toSafeHeaders(extras)).toEqual({ 'x-ok': 'yes' });
  });

  it('returns a checked copy of a message list (never trusted as headers)', () => {
    const messages = normalizeMessage(['a'], 'x') as object;
    expect(TRUSTED_MESSAGES.has(messages)).toBe(true);
    expect(toSafeHeaders(messages)).toBe(EMPTY_RECORD);
  });
});

describe('errorResponse', () => {
  it('returns re-validated fields for an HttpError whose fields were replaced after construction', () => {
    const error = new HttpError(400, 'x');
    Object.assign(error, {
      message: ['', 'kept', 7],
      error: '',
      extras: { statusCode: 200, details: [1], fn: () => 1 },
      headers: { 'Retry-After': 9, 'X-Bad': 'a\r\nSet-Cookie: evil=1', 'Content-Type': 'text/html' },
    });
    const response = errorResponse(error, OPTIONS);
    expect(response.body).toEqual({
      statusCode: 400,
      message: ['kept'],
      error: 'Bad Request',
      timestamp: 1_700_000_000_000,
      correlationID: 'req-1',
      details: [1],
    });
    expect(response.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'x-correlation-id': 'req-1',
      'retry-after': '9',
    });
  });

  it('returns a 500 for an HttpError whose status was replaced by a non-error status', () => {
    const error = new HttpError(404);
    Object.assign(error, { statusCode: 200 });
    expect(errorResponse(error, OPTIONS).statusCode).toBe(500);
  });

  it('returns the message array of the HttpError itself, frozen, without copying it', () => {
    const error = new HttpError(400, ['a', 'b']);
    const response = errorResponse(error, OPTIONS);
    expect(response.body.message).toBe(error.message);
    expect(Object.isFrozen(response.body.message)).toBe(true);
  });

  it('returns extras and error headers in the order the error holds them, after the fixed keys', () => {
    const error = new HttpError(
      503,
      { message: 'down', b: 2, a: 1 },
      { headers: { 'Retry-After': 120, 'X-B': 'b', 'X-A': 'a' } },
    );
    const response = errorResponse(error, OPTIONS);
    expect(Object.keys(response.body)).toEqual([
      'statusCode',
      'message',
      'error',
      'timestamp',
      'correlationID',
      'b',
      'a',
    ]);
    expect(Object.keys(response.headers)).toEqual(['content-type', 'x-correlation-id', 'retry-after', 'x-b', 'x-a']);
  });
});

describe('classifyError', () => {
  it('returns a frozen classification that shares the frozen fields of the HttpError', () => {
    const error = new HttpError(422, { message: ['a'], details: { field: 'name' } }, { headers: { 'x-a': '1' } });
    const classified = classifyError(error);
    expect(Object.isFrozen(classified)).toBe(true);
    expect(classified.message).toBe(error.message);
    expect(classified.extras).toBe(error.extras);
    expect(classified.headers).toBe(error.headers);
  });
});

describe('newCorrelationId', () => {
  it('returns a distinct uuid v4 on each call', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newCorrelationId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(uuidVersion(id)).toBe(4);
    }
  });
});

describe('statusName', () => {
  it('returns the table entry for every integer from -1 to 1000 that the table holds, else "Error"', () => {
    for (let code = -1; code <= 1000; code++) {
      const expected = Object.hasOwn(STATUS_NAMES, code) ? STATUS_NAMES[code] : 'Error';
      expect(statusName(code)).toBe(expected);
    }
  });
});
