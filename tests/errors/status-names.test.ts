import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { STATUS_NAMES, statusName } from '../../src/errors/status-names';

const nodeErrorCodes = Object.entries(STATUS_CODES)
  .map(([code, name]) => ({ code: Number(code), name }))
  .filter(({ code }) => code >= 400 && code <= 599);

describe('STATUS_NAMES', () => {
  it('returns the same reason phrases as node:http STATUS_CODES for every 4xx and 5xx code', () => {
    expect(nodeErrorCodes.length).toBeGreaterThan(30);
    expect(STATUS_NAMES).toEqual(Object.fromEntries(nodeErrorCodes.map(({ code, name }) => [code, name])));
  });

  it('returns a frozen table', () => {
    expect(Object.isFrozen(STATUS_NAMES)).toBe(true);
    expect(() => {
      (STATUS_NAMES as Record<number, string>)[404] = 'Gone Fishing';
    }).toThrow(TypeError);
  });
});

describe('statusName', () => {
  it.each([
    { code: 400, expected: 'Bad Request' },
    { code: 401, expected: 'Unauthorized' },
    { code: 403, expected: 'Forbidden' },
    { code: 404, expected: 'Not Found' },
    { code: 405, expected: 'Method Not Allowed' },
    { code: 409, expected: 'Conflict' },
    { code: 413, expected: 'Payload Too Large' },
    { code: 415, expected: 'Unsupported Media Type' },
    { code: 422, expected: 'Unprocessable Entity' },
    { code: 429, expected: 'Too Many Requests' },
    { code: 500, expected: 'Internal Server Error' },
    { code: 503, expected: 'Service Unavailable' },
    { code: 499, expected: 'Error' },
    { code: 200, expected: 'Error' },
    { code: 404.5, expected: 'Error' },
    { code: Number.NaN, expected: 'Error' },
    { code: -404, expected: 'Error' },
    { code: Number.POSITIVE_INFINITY, expected: 'Error' },
    { code: '404' as unknown as number, expected: 'Error' },
    { code: 'constructor' as unknown as number, expected: 'Error' },
    { code: '__proto__' as unknown as number, expected: 'Error' },
    { code: null as unknown as number, expected: 'Error' },
  ])('returns $expected for $code', ({ code, expected }) => {
    expect(statusName(code)).toBe(expected);
  });
});
