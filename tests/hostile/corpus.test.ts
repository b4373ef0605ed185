import { describeCorpus } from './corpus';

// Every entry of tests/fixtures/hostile/*.json, replayed over HTTP against the four examples.
describeCorpus();
