/**
 * A vitest reporter that prints, after the run's summary, the 15 slowest test files of the run: each file's time in
 * its worker (importing it, its setup and its tests and hooks), its project, and how much of it was the import. What
 * to look at first when a run gets slow (vitest.config.ts adds it beside the default reporter).
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the table lists. */
export const SLOWEST_FILES = 15;

/** One row of the table: a file, its project and its times in milliseconds. */
export interface FileTime {
  readonly file: string;
  readonly project: string;
  readonly totalMs: number;
  readonly importMs: number;
}

/** The rows of the `count` slowest files of `modules`, slowest first. */
export function slowestFiles(modules: readonly TestModule[], root: string, count = SLOWEST_FILES): FileTime[] {
  return modules
    .map((module) => {
      const diagnostic = module.diagnostic();
      const importMs = diagnostic.collectDuration;
      return {
        file: relative(root, module.moduleId),
        project: module.project.name,
        totalMs: importMs + diagnostic.setupDuration + diagnostic.prepareDuration + diagnostic.duration,
        importMs,
      };
    })
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, count);
}

/** The table as text lines. */
export function formatSlowestFiles(rows: readonly FileTime[]): string[] {
  const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
  return [
    `The ${rows.length} slowest test files (seconds in their worker; of which importing them):`,
    ...rows.map((row) => `${seconds(row.totalMs)} (${seconds(row.importMs).trim()})  ${row.project}  ${row.file}`),
  ];
}

export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length === 0) return;
    console.log(['', ...formatSlowestFiles(slowestFiles(modules, this.root)), ''].join('\n'));
  }
}
