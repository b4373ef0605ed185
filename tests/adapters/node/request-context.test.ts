import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { correlationMixin, currentCorrelationId, currentRequestContext, runInRequestContext } from 'pagelope/node';

describe('runInRequestContext', () => {
  it('returns what fn returns, and currentCorrelationId() is the id across awaits, timers and callbacks', async () => {
    expect(currentCorrelationId()).toBeUndefined();
    const seen: (string | undefined)[] = [];
    const result = await runInRequestContext({ correlationId: 'req-1' }, async () => {
      seen.push(currentCorrelationId());
      await sleep(1);
      seen.push(currentCorrelationId());
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          seen.push(currentCorrelationId());
          resolve();
        }, 1),
      );
      await nextTurn();
      seen.push(currentRequestContext()?.correlationId);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['req-1', 'req-1', 'req-1', 'req-1']);
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('keeps interleaved contexts apart, and an inner context ends with its function', async () => {
    const inOrder = await Promise.all(
      ['a', 'b', 'c'].map((id, i) =>
        runInRequestContext({ correlationId: id }, async () => {
          await sleep(3 - i);
          const inner = runInRequestContext({ correlationId: `${id}-inner` }, () => currentCorrelationId());
          return [currentCorrelationId(), inner];
        }),
      ),
    );
    expect(inOrder).toEqual([
      ['a', 'a-inner'],
      ['b', 'b-inner'],
      ['c', 'c-inner'],
    ]);
  });

  it('calls fn inside a context of the same id, and keeps a frozen context as it is', () => {
    const context = Object.freeze({ correlationId: 'same' });
    const seen = runInRequestContext(context, () =>
      runInRequestContext({ correlationId: 'same' }, () => currentRequestContext()),
    );
    expect(seen).toBe(context);
    expect(Object.isFrozen(runInRequestContext({ correlationId: 'x' }, () => currentRequestContext()))).toBe(true);
  });

  it.each([
    { label: 'an empty id', correlationId: '' },
    { label: 'a space', correlationId: 'a b' },
    { label: 'CR/LF', correlationId: 'a\r\nset-cookie: x' },
    { label: '__proto__', correlationId: '__proto__' },
    { label: '129 characters', correlationId: 'a'.repeat(129) },
    { label: 'Unicode', correlationId: 'ünï' },
    { label: 'a number', correlationId: 42 },
    { label: 'undefined', correlationId: undefined },
  ])('throws a TypeError for $label, without calling fn', ({ correlationId }) => {
    let called = false;
    expect(() =>
      runInRequestContext({ correlationId } as { correlationId: string }, () => {
        called = true;
      }),
    ).toThrow(
      new TypeError('runInRequestContext: correlationId is not a safe correlation id (1 to 128 of [A-Za-z0-9._:-])'),
    );
    expect(called).toBe(false);
  });

  it('shares one store between two copies of the module (as the ESM and CJS builds are)', () => {
    const file = fileURLToPath(new URL('../../../src/adapters/node/request-context.ts', import.meta.url));
    const script = [
      `const url = ${JSON.stringify(new URL(`file://${file}`).href)};`,
      'const a = await import(url);',
      "const b = await import(url + '?copy=2');",
      "console.log(JSON.stringify([a === b, a.runInRequestContext({ correlationId: 'x-1' }, () => b.currentCorrelationId())]));",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([false, 'x-1']);
  });
});

describe('correlationMixin', () => {
  it('returns a new empty object outside a request, the id inside', () => {
    const mixin = correlationMixin();
    const outside = mixin();
    expect(outside).toEqual({});
    expect(mixin()).not.toBe(outside);
    expect(runInRequestContext({ correlationId: 'req-9' }, () => mixin())).toEqual({ correlationId: 'req-9' });
  });

  it('puts the id under another key', () => {
    const mixin = correlationMixin({ key: 'reqId' });
    expect(runInRequestContext({ correlationId: 'req-9' }, () => mixin())).toEqual({ reqId: 'req-9' });
  });

  it.each([
    { label: 'an empty key', key: '' },
    { label: 'a number', key: 1 },
    { label: 'null', key: null },
  ])('throws a TypeError for $label', ({ key }) => {
    expect(() => correlationMixin({ key } as { key: string })).toThrow(
      new TypeError('correlationMixin: key must be a non-empty string'),
    );
  });

  it("adds the id to pino's lines written in a request, and nothing outside; a line's own key wins", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { base: null, timestamp: false, mixin: correlationMixin() },
      { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) },
    );
    logger.info('before');
    runInRequestContext({ correlationId: 'req-3' }, () => {
      logger.info('inside');
      logger.info({ correlationId: 'own' }, 'own key');
    });
    logger.info('after');
    expect(lines).toEqual([
      { level: 30, msg: 'before' },
      { level: 30, correlationId: 'req-3', msg: 'inside' },
      { level: 30, correlationId: 'own', msg: 'own key' },
      { level: 30, msg: 'after' },
    ]);
  });
});
