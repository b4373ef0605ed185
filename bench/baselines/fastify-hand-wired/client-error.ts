// Benchmark baseline (see app.ts): examples/shared/client-error.ts as of commit e7641d6, unchanged but for import paths.
import { clientErrorListener } from 'pagelope/node';

/** The examples' `clientError` listener: `pagelope/node`'s envelope for requests Node's parser refuses. */
export const answerClientError = clientErrorListener();
