import { HttpError } from './http-error';

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
  const safe = messages.map(safeMessage);
  const limit = Error.stackTraceLimit;
  if (!setStackTraceLimit(0)) return new HttpError(400, safe);
  try {
    return new HttpError(400, safe);
  } finally {
    setStackTraceLimit(limit);
  }
}

/** Longest message of a 400, in characters; longer ones are cut. */
const MAX_MESSAGE_LENGTH = 300;

/**
 * A message as a client and a log may see it, whatever client text it quotes: control characters (CR, LF, NUL, ESC)
 * become `?`, and a message over {@link MAX_MESSAGE_LENGTH} characters loses its middle (the parameter it starts
 * with and the rule it ends with stay readable).
 */
function safeMessage(message: string): string {
  const half = MAX_MESSAGE_LENGTH / 2;
  const cut = message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, half - 1)}…${message.slice(-half)}` : message;
  return cut.replace(/[\u0000-\u001f\u007f]/g, '?');
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
