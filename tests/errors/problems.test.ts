import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/errors/index';
import { Problems, badRequest, clean, quote } from '../../src/errors/problems';

/** The error `run` throws (it must throw). */
function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('Problems', () => {
  it('throws nothing when it holds no problem', () => {
    const problems = new Problems();
    expect(problems.empty).toBe(true);
    expect(() => problems.throwIfAny()).not.toThrow();
  });

  it('throws one 400 with every message, in the order they were added', () => {
    const problems = new Problems();
    problems.add('limit must be a positive integer');
    problems.add('page must be a positive integer');
    expect(problems.empty).toBe(false);
    const error = thrown(() => problems.throwIfAny());
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 400,
      message: ['limit must be a positive integer', 'page must be a positive integer'],
    });
  });

  it('returns the first message of an id once, whatever the repeats', () => {
    const problems = new Problems();
    problems.once('limit', 'limit must not be repeated');
    problems.once('limit', 'limit must not be repeated, again');
    problems.once('__proto__', 'a hostile id is an id like any other');
    problems.once('__proto__', 'and is reported once');
    expect(problems.messages).toStrictEqual(['limit must not be repeated', 'a hostile id is an id like any other']);
  });

  it('keeps at most 20 messages', () => {
    const problems = new Problems();
    for (let i = 0; i < 25; i++) problems.add(`problem ${i}`);
    expect(problems.messages).toHaveLength(20);
    expect(problems.messages.at(-1)).toBe('problem 19');
  });
});

describe('badRequest', () => {
  it.each([
    { label: 'a plain message', message: 'x must be a number', expected: 'x must be a number' },
    { label: 'control characters', message: 'a\r\nb\u0000c\u001bd\u007f', expected: 'a??b?c?d?' },
    { label: 'Unicode', message: 'café ☕ 𝄞', expected: 'café ☕ 𝄞' },
    { label: 'percent-encoding, kept as text', message: 'a%0Ab', expected: 'a%0Ab' },
    { label: 'an empty message, which gives the reason phrase', message: '', expected: 'Bad Request' },
  ])('returns a 400 whose message is cleaned: $label', ({ message, expected }) => {
    const error = badRequest([message]);
    expect(isHttpError(error)).toBe(true);
    expect(error.statusCode).toBe(400);
    expect([error.message].flat()).toStrictEqual([expected]);
  });

  it('returns a message over 300 characters cut in its middle, its start and end kept', () => {
    const long = `start ${'x'.repeat(1000)} end`;
    const [message] = badRequest([long]).message as string[];
    expect(message).toHaveLength(300);
    expect(message?.startsWith('start ')).toBe(true);
    expect(message?.endsWith(' end')).toBe(true);
    expect(message).toContain('…');
  });

  it('returns an error whose stack holds no frame', () => {
    expect(badRequest(['bad']).stack ?? '').not.toMatch(/\n\s+at /);
  });
});

describe('quote and clean', () => {
  it.each([
    { text: 'age', quoted: '"age"', cleaned: 'age' },
    { text: '__proto__', quoted: '"__proto__"', cleaned: '__proto__' },
    { text: 'constructor', quoted: '"constructor"', cleaned: 'constructor' },
    { text: '', quoted: '""', cleaned: '' },
    { text: 'a"b', quoted: '"a\\"b"', cleaned: 'a"b' },
    { text: 'line\nbreak', quoted: '"line?break"', cleaned: 'line?break' },
    { text: '%41%zz', quoted: '"%41%zz"', cleaned: '%41%zz' },
    { text: 'ünïcödé', quoted: '"ünïcödé"', cleaned: 'ünïcödé' },
    { text: 'y'.repeat(100), quoted: `"${'y'.repeat(64)}…"`, cleaned: `${'y'.repeat(64)}…` },
  ])('returns $quoted for $text', ({ text, quoted, cleaned }) => {
    expect(quote(text)).toBe(quoted);
    expect(clean(text)).toBe(cleaned);
  });
});
