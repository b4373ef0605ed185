import { clientErrorListener } from 'pagelope/node';

/** The examples' `clientError` listener: `pagelope/node`'s envelope for requests Node's parser refuses. */
export const answerClientError = clientErrorListener();
