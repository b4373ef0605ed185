/** The error envelope as the contract suites read it, and the patterns they check bodies and ids against. */

/** The JSON body of every error response. */
export interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  timestamp: number;
  correlationID: string;
}

/** A stack frame line (`at fn (file.ts:12:3)`), which no response body may carry. */
export const STACK = /\bat .+\.(ts|js):\d+/;

/** A version 4 uuid, as a correlation id the server generates is. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
