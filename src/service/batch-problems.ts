import { HttpError, isHttpError } from '../errors/index';

/** A message of a field (`price: expected a number`): it is prefixed with a dot; any other with a colon. */
const FIELD_MESSAGE = /^[A-Za-z_$][A-Za-z0-9_$]*(?:[.[][^:\s]*)?: /;

/** The order in which a batch's statuses win: bad input first, then a write outside the scope, missing ids, conflicts. */
const PRECEDENCE = [400, 403, 404, 409];

/**
 * The problems of a batch's items, collected so that one error reports all of them: each message starts with the
 * item's path (`items[57].price: ...`, `items[80]: ...`).
 */
export class BatchProblems {
  private readonly messages: string[] = [];
  private readonly statuses = new Set<number>();

  constructor(private readonly list: 'items' | 'ids') {}

  /**
   * Records the failure of item `index`.
   *
   * @throws the error itself when it is not an `HttpError` (a server fault stops the batch at once).
   */
  add(index: number, error: unknown): void {
    if (!isHttpError(error)) throw error;
    this.statuses.add(error.statusCode);
    const messages = typeof error.message === 'string' ? [error.message] : error.message;
    for (const message of messages) this.note(index, message, error.statusCode);
  }

  /** Records a problem of item `index` with the status the single operation would answer it with. */
  note(index: number, message: string, status = 400): void {
    this.statuses.add(status);
    const path = `${this.list}[${index}]`;
    this.messages.push(FIELD_MESSAGE.test(message) ? `${path}.${message}` : `${path}: ${message}`);
  }

  /** Whether any item failed. */
  get failed(): boolean {
    return this.messages.length > 0;
  }

  /**
   * @throws HttpError listing every problem, with the status of the single operation: 400 when any item is bad
   * input, else 403, 404 or 409 in that order, else the first status met.
   */
  throwIfAny(): void {
    if (!this.failed) return;
    const status = PRECEDENCE.find((code) => this.statuses.has(code)) ?? [...this.statuses][0] ?? 400;
    throw new HttpError(status, this.messages);
  }
}
