/**
 * The OpenAPI documents of the demo, of the books routes, of the relations' routes and of the lifecycle routes against two maintained third-party checkers:
 * `@readme/openapi-parser`'s `validate` (the OpenAPI 3.1 schema and its own rules) and `redocly lint` with the
 * recommended rules. Broken copies of the demo's document prove that each check can fail.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { toOpenApi, type OpenApiDocument } from 'pagelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { createBookRoutes } from './books-routes';
import { createLifecycleRoutes } from './lifecycle-routes';
import { createRelationRoutes } from './relation-routes';

const ROOT = join(import.meta.dirname, '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

const demo = createDemoRoutes({ seedRecords: 1 });
const DOCUMENTS: readonly { readonly name: string; readonly document: OpenApiDocument }[] = [
  { name: 'demo', document: toOpenApi(demo.routes, { info: demo.openapi.info }) },
  {
    name: 'books',
    document: toOpenApi(createBookRoutes(), {
      info: { title: 'books', version: '1.0.0', description: 'The OpenAPI tests’ second resource.' },
      servers: [{ url: 'http://127.0.0.1:3000', description: 'local' }],
    }),
  },
  {
    name: 'relations',
    document: toOpenApi(createRelationRoutes(), {
      info: { title: 'relations', version: '1.0.0', description: 'Books, their authors and reviews.' },
      servers: [{ url: 'http://127.0.0.1:3000', description: 'local' }],
    }),
  },
  {
    name: 'lifecycle',
    document: toOpenApi(createLifecycleRoutes(), {
      info: { title: 'lifecycle', version: '1.0.0', description: 'Notes with soft delete, restore and versions.' },
      servers: [{ url: 'http://127.0.0.1:3000', description: 'local' }],
    }),
  },
];

/** Ways to break the demo's document, each with what the two checkers must say about it. */
const BREAKAGES = [
  {
    name: 'a duplicate operationId',
    breakIt: (document: any) => {
      document.paths['/users/{id}'].get.operationId = 'listUsers';
    },
    parserError: 'The operationId `listUsers` is duplicated and must be made unique.',
    redoclyRule: 'operation-operationId-unique',
  },
  {
    name: 'a parameter `in: body`',
    breakIt: (document: any) => {
      document.paths['/users'].get.parameters.find((parameter: any) => parameter.name === 'limit').in = 'body';
    },
    parserError: /^ENUM must be equal to one of the allowed values\n\(query, header, path, cookie\)/,
    redoclyRule: 'struct',
  },
] as const;

const brokenDemo = (breakage: (typeof BREAKAGES)[number]): unknown => {
  const document = structuredClone(DOCUMENTS[0]!.document);
  breakage.breakIt(document);
  return document;
};

/** `validate` dereferences its input in place: every call gets its own copy. */
const parserValidate = (document: unknown) =>
  validate(structuredClone(document) as Parameters<typeof validate>[0], {
    validate: { errors: { colorize: false } },
  });

describe('@readme/openapi-parser validate', () => {
  it.each(DOCUMENTS)('returns valid with no warnings for the $name document', async ({ document }) => {
    expect(await parserValidate(document)).toEqual({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it.each(BREAKAGES)('returns invalid for the demo document with $name', async (breakage) => {
    const result = await parserValidate(brokenDemo(breakage));
    expect(result.valid).toBe(false);
    const messages = result.valid ? [] : result.errors.map((error) => error.message);
    expect(messages).toEqual([
      typeof breakage.parserError === 'string' ? breakage.parserError : expect.stringMatching(breakage.parserError),
    ]);
  });
});

/** One problem of a `redocly lint --format=json` report. */
interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: readonly { readonly source: { readonly ref: string }; readonly pointer: string }[];
}

/** A `redocly lint --format=json` report of one file. */
interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly LintProblem[];
}

/** The exit code of one `redocly lint` run over several files and the report of each, in the order given. */
interface LintRun {
  readonly code: number | null;
  readonly reports: readonly LintReport[];
  readonly stderr: string;
}

/**
 * Runs `redocly lint` in `dir` (with its `redocly.yaml`) over `files`, named relative to it, in one process. With several files, `--format=json`
 * prints one pretty-printed report per file, back to back (`}{`); a report's nested lines are indented, so a
 * column-0 `}` directly followed by `{` is a boundary.
 */
function redoclyLint(dir: string, files: readonly string[]): Promise<LintRun> {
  const args = [REDOCLY, 'lint', ...files, '--format=json', '--config=redocly.yaml', '--max-problems=1000'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: dir, env, timeout: 20_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        try {
          const chunks = stdout.trim().split(/(?<=\n\})(?=\{)/);
          resolve({ code: error ? Number(error.code) : 0, reports: chunks.map((chunk) => JSON.parse(chunk)), stderr });
        } catch (cause) {
          reject(new Error(`redocly printed no JSON reports:\n${stdout}\n${stderr}`, { cause }));
        }
      },
    );
  });
}

const ruleIds = (report: LintReport | undefined, severity: LintProblem['severity']): string[] =>
  (report?.problems ?? []).filter((problem) => problem.severity === severity).map((problem) => problem.ruleId);

describe('redocly lint (recommended rules)', () => {
  let dir = '';
  let files: string[] = [];
  let brokenFiles: string[] = [];
  let valid: LintRun;
  let broken: LintRun;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagelope-redocly-'));
    await writeFile(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const write = async (name: string, document: unknown): Promise<string> => {
      await writeFile(join(dir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
      return `${name}.json`;
    };
    files = await Promise.all(DOCUMENTS.map(({ name, document }) => write(name, document)));
    brokenFiles = await Promise.all(BREAKAGES.map((breakage, i) => write(`broken-${i}`, brokenDemo(breakage))));
    [valid, broken] = await Promise.all([redoclyLint(dir, files), redoclyLint(dir, brokenFiles)]);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 with one report per document', () => {
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.reports).toHaveLength(DOCUMENTS.length);
  });

  it.each(DOCUMENTS.map(({ name }, i) => ({ name, i })))('reports no error for the $name document', ({ i }) => {
    const report = valid.reports[i];
    for (const problem of report?.problems ?? []) expect(problem.location[0]?.source.ref).toBe(files[i]);
    expect(ruleIds(report, 'error')).toEqual([]);
    expect(report?.totals.errors).toBe(0);
    // The only warning allowed: the recommended rules ask for `info.license`, which `OpenApiInfo` has no field for.
    expect(ruleIds(report, 'warn').filter((ruleId) => ruleId !== 'info-license')).toEqual([]);
  });

  it('exits non-zero for the broken copies', () => {
    expect(broken.code).toBe(1);
    expect(broken.reports).toHaveLength(BREAKAGES.length);
  });

  it.each(BREAKAGES.map((breakage, i) => ({ ...breakage, i })))(
    'reports $redoclyRule as an error for the demo document with $name',
    ({ i, redoclyRule }) => {
      const report = broken.reports[i];
      expect(ruleIds(report, 'error')).toEqual([redoclyRule]);
      expect(report?.problems.find((problem) => problem.severity === 'error')?.location[0]?.source.ref).toBe(
        brokenFiles[i],
      );
    },
  );
});
