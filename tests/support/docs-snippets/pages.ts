/**
 * The docs pages whose snippets tests/docs/snippet-types.test.ts type-checks, in one tsc program: the adapters' pages
 * with what their tests add to each snippet (a harness, a port, an export), docs/refine.md and docs/client.md as they
 * stand (each snippet a module of its own; the ```tsx one of docs/refine.md with React's JSX).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Each ```ts snippet of `page` as `snippet-<i>.ts`, a module of its own, and each ```tsx one as `component-<i>.tsx`. */
function asModules(page: string): TypecheckedPage {
  return {
    page,
    files: (): SnippetFile[] => [
      ...fenced(page, 'ts').map((snippet, i) => ({
        name: `${page} #${i}`,
        file: `snippet-${i}.ts`,
        source: `${snippet}\nexport {};\n`,
      })),
      ...fenced(page, 'tsx').map((snippet, i) => ({
        name: `${page} \`\`\`tsx #${i}`,
        file: `component-${i}.tsx`,
        source: snippet,
      })),
    ],
  };
}

export const TYPECHECKED_PAGES: readonly TypecheckedPage[] = [
  expressDocs,
  fastifyDocs,
  honoDocs,
  nestjsDocs,
  asModules('docs/refine.md'),
  asModules('docs/client.md'),
];
