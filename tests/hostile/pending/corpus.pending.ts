import { describeCorpus } from '../corpus';

// The corpus entries marked `pendingOn` a framework: each guards a weakness described in the hardening report and
// fails until its fix lands. Rename this file to `corpus.test.ts` (or drop the markers) once the fixes are applied.
describeCorpus('pending');
