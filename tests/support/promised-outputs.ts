/**
 * What a docs page's runnable ```ts examples promise they print, shared by the tests that run the README's and the
 * docs pages' examples.
 */

/**
 * What an example promises it prints: the `// value` comment that ends a `console.log(...)` statement (on its
 * own line, or on the closing `);` of a call the formatter split over several lines), the `//` comment lines right
 * after such a statement (one promise, joined), and any `// prints: value` comment (for output that a callback writes).
 */
export function promisedOutputs(code: string): string[] {
  const promises: string[] = [];
  let inLog = false;
  let open: string[] | undefined;
  const flush = (): void => {
    if (open && open.length > 0) promises.push(open.join(' '));
    open = undefined;
  };
  for (const line of code.split('\n')) {
    const comment = /^\s*\/\/ (.*)$/.exec(line);
    if (comment && open) {
      open.push((comment[1] ?? '').trim());
      continue;
    }
    flush();
    const prints = /\/\/ prints: (.+)$/.exec(line);
    if (prints) promises.push((prints[1] ?? '').trim());
    if (line.includes('console.log(')) inLog = true;
    if (!inLog || !/\);( \/\/ .*)?$/.test(line)) continue;
    inLog = false;
    const trailing = /\); \/\/ (.+)$/.exec(line);
    if (trailing && !prints) promises.push((trailing[1] ?? '').trim());
    else if (!trailing) open = [];
  }
  flush();
  return promises;
}

/** The `// → text` comments of a snippet, in order: what the client and refine pages' examples promise they print. */
export function arrowPromises(snippet: string): string[] {
  return [...snippet.matchAll(/^\s*\/\/ → (.*)$/gm)].map((match) => match[1] ?? '');
}
