const started = Date.now();

/** Progress line on stderr (stdout carries only the tables). */
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}
