/** Progress on stderr, so stdout carries only the Markdown tables. */
export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}
