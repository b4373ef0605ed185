import { HttpError, type HttpErrorBody, type HttpErrorOptions } from './http-error';

/** What the status-specific errors accept as their first argument. */
type MessageOrBody = string | readonly string[] | HttpErrorBody;

/**
 * An `HttpError` with status 400 (Bad Request).
 *
 * @example
 * ```ts
 * throw new BadRequestError(['limit must be at most 100']);
 * ```
 */
export class BadRequestError extends HttpError {
  declare readonly statusCode: 400;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(400, messageOrBody, options);
    this.name = 'BadRequestError';
  }
}

/**
 * An `HttpError` with status 401 (Unauthorized).
 *
 * @example
 * ```ts
 * throw new UnauthorizedError('Token expired', { headers: { 'www-authenticate': 'Bearer' } });
 * ```
 */
export class UnauthorizedError extends HttpError {
  declare readonly statusCode: 401;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(401, messageOrBody, options);
    this.name = 'UnauthorizedError';
  }
}

/**
 * An `HttpError` with status 403 (Forbidden).
 *
 * @example
 * ```ts
 * throw new ForbiddenError();
 * ```
 */
export class ForbiddenError extends HttpError {
  declare readonly statusCode: 403;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(403, messageOrBody, options);
    this.name = 'ForbiddenError';
  }
}

/**
 * An `HttpError` with status 404 (Not Found).
 *
 * @example
 * ```ts
 * throw new NotFoundError({ message: 'Book not found', id: '42' });
 * ```
 */
export class NotFoundError extends HttpError {
  declare readonly statusCode: 404;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(404, messageOrBody, options);
    this.name = 'NotFoundError';
  }
}

/**
 * An `HttpError` with status 409 (Conflict).
 *
 * @example
 * ```ts
 * throw new ConflictError('Email already registered');
 * ```
 */
export class ConflictError extends HttpError {
  declare readonly statusCode: 409;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(409, messageOrBody, options);
    this.name = 'ConflictError';
  }
}

/**
 * An `HttpError` with status 422 (Unprocessable Entity).
 *
 * @example
 * ```ts
 * throw new UnprocessableEntityError({ message: ['title is required'], fields: ['title'] });
 * ```
 */
export class UnprocessableEntityError extends HttpError {
  declare readonly statusCode: 422;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(422, messageOrBody, options);
    this.name = 'UnprocessableEntityError';
  }
}

/**
 * An `HttpError` with status 429 (Too Many Requests).
 *
 * @example
 * ```ts
 * throw new TooManyRequestsError(undefined, { headers: { 'retry-after': 30 } });
 * ```
 */
export class TooManyRequestsError extends HttpError {
  declare readonly statusCode: 429;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(429, messageOrBody, options);
    this.name = 'TooManyRequestsError';
  }
}

/**
 * An `HttpError` with status 500 (Internal Server Error).
 *
 * @example
 * ```ts
 * throw new InternalServerError(undefined, { cause: dbError });
 * ```
 */
export class InternalServerError extends HttpError {
  declare readonly statusCode: 500;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(500, messageOrBody, options);
    this.name = 'InternalServerError';
  }
}

/**
 * An `HttpError` with status 503 (Service Unavailable).
 *
 * @example
 * ```ts
 * throw new ServiceUnavailableError('Maintenance', { headers: { 'retry-after': 600 } });
 * ```
 */
export class ServiceUnavailableError extends HttpError {
  declare readonly statusCode: 503;

  constructor(messageOrBody?: MessageOrBody, options?: HttpErrorOptions) {
    super(503, messageOrBody, options);
    this.name = 'ServiceUnavailableError';
  }
}
