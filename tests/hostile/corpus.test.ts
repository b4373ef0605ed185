import { describeCorpus } from './corpus';

// Every entry of tests/fixtures/hostile/*.json that holds today, replayed over HTTP against the four examples.
describeCorpus('active');
