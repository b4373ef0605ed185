/** Assertions on the `HttpError`s a repository throws. */
import { isHttpError, type HttpError } from 'pagelope';
import { expect } from 'vitest';

/** Awaits a promise that must reject with an `HttpError`, and returns the error. */
export async function httpErrorOf(promise: Promise<unknown>): Promise<HttpError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (isHttpError(error)) return error;
    throw error;
  }
  throw new Error(`expected an HttpError, got the result ${JSON.stringify(outcome)}`);
}

/** Asserts a 400 whose message is a non-empty array of strings. */
export async function expectBadRequest(promise: Promise<unknown>): Promise<HttpError> {
  const error = await httpErrorOf(promise);
  expect(error.statusCode).toBe(400);
  expect(error.error).toBe('Bad Request');
  expect(Array.isArray(error.message)).toBe(true);
  expect(error.message.length).toBeGreaterThan(0);
  for (const message of error.message as readonly unknown[]) expect(typeof message).toBe('string');
  return error;
}
