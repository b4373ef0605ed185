/**
 * The text a log line carries for an error: its stack and each cause's (at most 8 deep, each after `[cause]: `), or
 * the value as text. What the adapters' default error reporters log.
 *
 * @example
 * logger.error('GET /users answered 500', errorTrace(error));
 */
export function errorTrace(error: unknown): string {
  const lines: string[] = [];
  let current = error;
  for (let depth = 0; depth < 8 && current !== undefined; depth++) {
    const text = current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current);
    lines.push(depth === 0 ? text : `[cause]: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}
