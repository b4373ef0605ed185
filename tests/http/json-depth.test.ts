import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/http/index';
import { DEFAULT_DEPTH_LIMIT } from '../../src/http/json-depth';
import { readAdapterOptions } from '../../src/http/adapter-options';
import { readRouteOptions } from '../../src/http/read-route-options';
import { checkJsonDepth } from '../../src/http/json-depth';
import { jsonTextTooDeep } from '../../src/http/json-depth';
import { isHttpError } from '../../src/index';

/** The nesting of arrays and objects of a JSON value, by recursion (the values here are small). */
const depthOf = (value: unknown): number =>
  typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('the JSON depth limit', () => {
  it('measures the text as the value nests, strings and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(jsonTextTooDeep(text, limit)).toBe(depthOf(value) > limit);
        expect(jsonTextTooDeep(JSON.stringify(value, null, 2), limit)).toBe(depthOf(value) > limit);
      }),
    );
    expect(jsonTextTooDeep('["[[[[", "\\\\", "\\"{{"]', 1)).toBe(false);
    expect(jsonTextTooDeep('["\\\\\\\\", [[1]]]', 2)).toBe(true);
    expect(jsonTextTooDeep('"unterminated [[[', 0)).toBe(false);
  });

  it('refuses a value parsed before the same way, without recursion, however deep', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 10 }), (value, limit) => {
        const refused = (() => {
          try {
            checkJsonDepth(value, limit);
            return false;
          } catch (error) {
            return isHttpError(error) && error.statusCode === 400;
          }
        })();
        expect(refused).toBe(depthOf(value) > limit);
      }),
    );
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(() => checkJsonDepth(deep, 64)).toThrow('JSON body is nested deeper than 64 levels');
  });

  it('makes parseJsonBody refuse a body deeper than 64 by default, or than its depthLimit, before parsing', () => {
    expect(DEFAULT_DEPTH_LIMIT).toBe(64);
    expect(parseJsonBody(nested(64), 'application/json')).toBeDefined();
    expect(() => parseJsonBody(nested(65), 'application/json')).toThrow('JSON body is nested deeper than 64 levels');
    expect(() => parseJsonBody('['.repeat(1_000_000), 'application/json')).toThrow('deeper than 64 levels');
    expect(() => parseJsonBody(nested(3), 'application/json', { depthLimit: 2 })).toThrow('deeper than 2 levels');
  });

  it.each([0, -1, 1.5, '64', Number.POSITIVE_INFINITY])('refuses a depthLimit of %j at set-up', (depthLimit) => {
    expect(() => readAdapterOptions('x', { depthLimit: depthLimit as number })).toThrow(
      'x: depthLimit must be a positive integer',
    );
    expect(() => readRouteOptions([], { depthLimit: depthLimit as number }, { adapter: 'y' })).toThrow(
      'y: depthLimit must be a positive integer',
    );
  });
});
