import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { vi } from 'vitest';

/** Imports (runs) a module file and returns what it printed with `console.log`, one formatted string per call. */
export async function printedBy(file: string): Promise<string[]> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(format(...args));
  });
  try {
    await import(pathToFileURL(file).href);
  } finally {
    log.mockRestore();
  }
  return printed;
}
