/**
 * The order vitest starts test files in: its own (each project's files together; the slowest first by the durations
 * cached from the last run, else the largest first), with the files of {@link SLOW_FIRST} moved to the front of their
 * project. On a fresh clone there is no cache, and a small file that runs long (the docs snippets, a contract over a
 * database) would otherwise start last and leave one worker running it alone at the end of the run.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SLOW_FIRST } from '../projects';

/** The rank of a file in {@link SLOW_FIRST}; files not listed come after, in vitest's order. */
function rankOf(spec: TestSpecification, root: string): number {
  const index = SLOW_FIRST.indexOf(relative(root, spec.moduleId).split('\\').join('/'));
  return index === -1 ? SLOW_FIRST.length : index;
}

/** vitest's `sequence.sequencer`: see the file's comment. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const order = new Map(sorted.map((spec, i) => [spec, i]));
    // Stable within a project and a rank: vitest's order (cached durations) decides among the rest.
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return (order.get(a) ?? 0) - (order.get(b) ?? 0);
      return rankOf(a, root) - rankOf(b, root) || (order.get(a) ?? 0) - (order.get(b) ?? 0);
    });
  }
}
