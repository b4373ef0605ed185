import { HttpError } from 'pagelope';

/**
 * The 429 a rate limiter's rejection becomes, with `retry-after` in whole seconds (at least 1) until `resetTime`, or a
 * full window when the limiter gives no reset time. Thrown or passed on, `errorResponse` turns it into the envelope.
 */
export function tooManyRequests(resetTime: Date | undefined, windowMs: number): HttpError {
  const resetAt = resetTime?.getTime() ?? Date.now() + windowMs;
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new HttpError(429, undefined, { headers: { 'retry-after': retryAfter } });
}
