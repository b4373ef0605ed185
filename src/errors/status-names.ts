/**
 * Standard reason phrase of every 4xx and 5xx status code, worded as Node's
 * `http.STATUS_CODES` (and therefore `http-errors`) words them. Frozen.
 *
 * @example
 * ```ts
 * STATUS_NAMES[422]; // 'Unprocessable Entity'
 * ```
 */
export const STATUS_NAMES: Readonly<Record<number, string>> = Object.freeze({
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
});

/**
 * Returns the reason phrase of a status code, or `'Error'` for a code the
 * table does not know (including non-numbers and non-integers).
 *
 * @param code - an HTTP status code
 * @returns the reason phrase, or `'Error'`
 * @example
 * ```ts
 * statusName(404); // 'Not Found'
 * statusName(499); // 'Error'
 * ```
 */
export function statusName(code: number): string {
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code >= REASONS.length) return 'Error';
  return REASONS[code] ?? 'Error';
}

/** {@link STATUS_NAMES} as a dense array indexed by status code, for a lookup without key conversion. */
const REASONS: readonly (string | undefined)[] = (() => {
  const reasons: (string | undefined)[] = new Array<string | undefined>(600).fill(undefined);
  for (const key of Object.keys(STATUS_NAMES)) reasons[Number(key)] = STATUS_NAMES[Number(key)];
  return reasons;
})();
