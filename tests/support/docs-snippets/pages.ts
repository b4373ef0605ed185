/**
 * The docs pages whose snippets tests/docs/snippet-types.test.ts type-checks, in one tsc program: README.md and every
 * page under docs/ with a ```ts or ```tsx block; the adapters' pages with what their tests add to each snippet (a
 * harness, a port, an export), every other page as it stands (each snippet a module of its own; ```tsx ones with
 * React's JSX).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownPages } from '../../docs/pages';
import { deploymentDocs } from './deployment';
import { expressDocs } from './express';
import { fastifyDocs } from './fastify';
import type { SnippetFile, TypecheckedPage } from './files';
import { honoDocs } from './hono';
import { nestjsDocs } from './nestjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The bodies of the blocks of `page` fenced as ```<language> exactly. */
export function fenced(page: string, language: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1] ?? '');
}

/** How each language's blocks become modules: the name's label, the file's stem and extension, what is appended. */
const MODULES = [
  { language: 'ts', label: '', stem: 'snippet', extension: 'ts', tail: '\nexport {};\n' },
  { language: 'tsx', label: '```tsx ', stem: 'component', extension: 'tsx', tail: '' },
  // The blocks pages fence as ```typescript because they cannot run in a test (tests/docs/snippets.test.ts).
  { language: 'typescript', label: '```typescript ', stem: 'typescript', extension: 'ts', tail: '\nexport {};\n' },
] as const;

/**
 * Each block of `page` fenced as ```<language> as a module of its own: ```ts as `snippet-<i>.ts` (unless `withoutTs`),
 * ```tsx as `component-<i>.tsx`, ```typescript as `typescript-<i>.ts`.
 */
function asModules(page: string, { withoutTs = false } = {}): SnippetFile[] {
  return MODULES.filter(({ language }) => !(withoutTs && language === 'ts')).flatMap(
    ({ language, label, stem, extension, tail }) =>
      fenced(page, language).map((snippet, i) => ({
        name: `${page} ${label}#${i}`,
        file: `${stem}-${i}.${extension}`,
        source: `${snippet}${tail}`,
      })),
  );
}

/** Pages whose tests add something to each ```ts snippet (a harness, a port, an export), as those tests do. */
const WITH_HARNESSES: readonly TypecheckedPage[] = [expressDocs, fastifyDocs, honoDocs, nestjsDocs, deploymentDocs];

/**
 * Every page with a TypeScript block: the adapters' ```ts snippets with their harnesses, every other block a module
 * of its own.
 */
export const TYPECHECKED_PAGES: readonly TypecheckedPage[] = markdownPages()
  .filter((page) => MODULES.some(({ language }) => fenced(page, language).length > 0))
  .map((page) => {
    const harnessed = WITH_HARNESSES.find((each) => each.page === page);
    return {
      page,
      files: (): SnippetFile[] => [...(harnessed?.files() ?? []), ...asModules(page, { withoutTs: !!harnessed })],
    };
  });
