/**
 * What the docs tests share: the markdown pages of the repository (README.md and docs/**), their fenced blocks, their
 * relative links and their heading anchors as GitHub renders them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** README.md and every `.md` file under docs/, as paths relative to the root with `/` separators, sorted. */
export function markdownPages(): string[] {
  const pages: string[] = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  walk(join(ROOT, 'docs'));
  return pages.sort();
}

/** The text of a page, by its path relative to the root. */
export function readPage(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8');
}

/** A fenced code block: its info string (`ts`, `bash`, ...) and its body. */
export interface FencedBlock {
  readonly language: string;
  readonly code: string;
}

/** Every fenced code block of a markdown text, in order. */
export function fencedBlocks(text: string): FencedBlock[] {
  return [...text.matchAll(/^```(\S*)\n([\s\S]*?)^```/gm)].map((match) => ({
    language: match[1] ?? '',
    code: match[2] ?? '',
  }));
}

/** The bodies of the ```ts blocks of a markdown text: the snippets the tests run. */
export function tsSnippets(text: string): string[] {
  return fencedBlocks(text)
    .filter((block) => block.language === 'ts')
    .map((block) => block.code);
}

/** A markdown text without its fenced blocks and inline code spans, where `[x](y)` is not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links `[text](target)` of a markdown text, outside code. */
export function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** The anchor GitHub gives a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The heading anchors of a markdown text, duplicates numbered as GitHub numbers them (`x`, `x-1`, `x-2`). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = text.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = headingSlug(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}
