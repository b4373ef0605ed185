/**
 * The error a promise (or a function's result, or its synchronous throw) rejects with; fails the test when it
 * resolves instead.
 */
export async function rejectionOf(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
