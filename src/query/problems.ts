import { HttpError } from '../errors/index';

/** Where validation reports a problem: a {@link Problems} list, or a parser that creates one on its first problem. */
export interface ProblemSink {
  add(message: string): void;
}

/** Collects one message per problem of a request, then throws them together as one 400. */
export class Problems implements ProblemSink {
  readonly messages: string[] = [];
  private reported: Set<string> | undefined;

  add(message: string): void {
    if (this.messages.length < MAX_PROBLEMS) this.messages.push(message);
  }

  /** Adds `message` unless a problem with the same `id` was already reported. */
  once(id: string, message: string): void {
    this.reported ??= new Set();
    if (!this.reported.has(id)) this.add(message);
    this.reported.add(id);
  }

  get empty(): boolean {
    return this.messages.length === 0;
  }

  /** @throws HttpError 400 with one message per problem, when there is any. */
  throwIfAny(): void {
    if (this.messages.length > 0) throw badRequest(this.messages);
  }
}

/** At most this many messages are reported for one request. */
const MAX_PROBLEMS = 20;

/**
 * A 400 `HttpError` whose message is an array of strings. Its stack is only the message line: a client's bad query
 * is no fault of the code, and capturing frames is most of the cost of an error path that any client can trigger.
 */
export function badRequest(messages: readonly string[]): HttpError {
  const limit = Error.stackTraceLimit;
  if (!setStackTraceLimit(0)) return new HttpError(400, [...messages]);
  try {
    return new HttpError(400, [...messages]);
  } finally {
    setStackTraceLimit(limit);
  }
}

/** Sets `Error.stackTraceLimit` (V8); false where it cannot be set, as under frozen intrinsics. */
function setStackTraceLimit(limit: number): boolean {
  try {
    Error.stackTraceLimit = limit;
    return true;
  } catch {
    return false;
  }
}

/** Quotes a client-sent name for a message, cut to a readable length and free of control characters. */
export function quote(text: string): string {
  return JSON.stringify(clean(text));
}

/** A client-sent name as one segment of a parameter path (`where.<field>.<op>`): cut and free of control characters. */
export function clean(text: string): string {
  const cut = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  return cut.replace(/[\u0000-\u001f\u007f]/g, '?');
}
