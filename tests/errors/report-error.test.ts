import { type ErrorReportInfo, type ReportError } from 'pagelope';
import { createErrorReporter } from 'pagelope/http';
import { describe, expect, it, vi } from 'vitest';

const info = (statusCode: number): ErrorReportInfo => ({ correlationId: 'c-1', method: 'GET', path: '/x', statusCode });

describe('createErrorReporter', () => {
  it.each([500, 502, 503, 504, 599])('calls reportError once for a %i, with the same error and info', (status) => {
    const reportError = vi.fn<ReportError>();
    const fallback = vi.fn<ReportError>();
    const error = new Error('boom');
    createErrorReporter(reportError, fallback)(error, info(status));
    expect(reportError.mock.calls).toStrictEqual([[error, info(status)]]);
    expect(reportError.mock.calls[0]?.[0]).toBe(error);
    expect(fallback).not.toHaveBeenCalled();
  });

  it.each([400, 404, 405, 409, 413, 429, 499, Number.NaN, -1])('never reports a %d', (status) => {
    const reportError = vi.fn<ReportError>();
    const fallback = vi.fn<ReportError>();
    createErrorReporter(reportError, fallback)(new Error('x'), info(status));
    createErrorReporter(undefined, fallback)(new Error('x'), info(status));
    expect([reportError.mock.calls.length, fallback.mock.calls.length]).toStrictEqual([0, 0]);
  });

  it('uses the fallback when reportError is undefined, and nobody when it is false', () => {
    const fallback = vi.fn<ReportError>();
    createErrorReporter(undefined, fallback)('a string', info(500));
    expect(fallback.mock.calls).toStrictEqual([['a string', info(500)]]);
    fallback.mockClear();
    createErrorReporter(false, fallback)(new Error('x'), info(500));
    expect(fallback).not.toHaveBeenCalled();
  });

  it('logs one console.error line and the error by default, the request left out when unknown', () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const error = new Error('boom', { cause: new Error('root') });
      createErrorReporter(undefined)(error, info(503));
      createErrorReporter(undefined)(error, {
        correlationId: 'c-2',
        method: undefined,
        path: undefined,
        statusCode: 500,
      });
      expect(errorLog.mock.calls).toStrictEqual([
        ['pagelope: GET /x answered 503 (x-correlation-id c-1)', error],
        ['pagelope: answered 500 (x-correlation-id c-2)', error],
      ]);
    } finally {
      errorLog.mockRestore();
    }
  });

  it('falls back when reportError throws, and swallows what the fallback throws', () => {
    const fallback = vi.fn<ReportError>(() => {
      throw new Error('fallback down');
    });
    const error = new Error('boom');
    const report = createErrorReporter(() => {
      throw new Error('reporter down');
    }, fallback);
    expect(() => report(error, info(500))).not.toThrow();
    expect(fallback.mock.calls).toStrictEqual([[error, info(500)]]);
    // A throwing default is swallowed too.
    expect(() => createErrorReporter(undefined, fallback)(error, info(500))).not.toThrow();
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it('falls back when reportError rejects, without an unhandled rejection', async () => {
    const fallback = vi.fn<ReportError>(() => Promise.reject(new Error('fallback down too')));
    const error = new Error('boom');
    createErrorReporter(() => Promise.reject(new Error('reporter down')), fallback)(error, info(500));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fallback.mock.calls).toStrictEqual([[error, info(500)]]);
  });

  it('survives a thenable whose then getter throws', () => {
    const fallback = vi.fn<ReportError>();
    const hostile = Object.defineProperty({}, 'then', {
      get() {
        throw new Error('hostile');
      },
    });
    createErrorReporter(() => hostile as PromiseLike<void>, fallback)(new Error('x'), info(500));
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a string', 'console'],
    ['true', true],
    ['null', null],
    ['an object', {}],
    ['a number', 0],
  ])('throws a TypeError for reportError %s', (_label, value) => {
    expect(() => createErrorReporter(value as never)).toThrow(new TypeError('reportError must be a function or false'));
  });
});
