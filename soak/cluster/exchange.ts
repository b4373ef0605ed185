/** One request of the cluster soak and what came back. */
export interface Exchange {
  readonly op: string;
  readonly method: string;
  readonly path: string;
  readonly correlationId: string;
  readonly startedAt: number;
  readonly ms: number;
  /** `undefined`: no response (a timeout, a connection error). */
  readonly status: number | undefined;
  /** The `x-correlation-id` of the response. */
  readonly echoedId: string | null;
  /** `haproxy` or `node` when the balancer answered itself. */
  readonly balancer: string | null;
  readonly retryAfter: string | null;
  /** For a status of 400 and above: whether the body is the envelope with this status and correlation id. */
  readonly envelopeOk: boolean;
  readonly error?: string;
}

/** What a request sends. */
export interface Outgoing {
  readonly op: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends `request` with `correlationId`, from the client `address` (`x-forwarded-for`), within 10 s. */
export async function exchange(
  base: string,
  request: Outgoing,
  correlationId: string,
  address: string,
): Promise<{ readonly exchange: Exchange; readonly body: unknown; readonly etag: string | null }> {
  const startedAt = Date.now();
  const headers: Record<string, string> = {
    'x-correlation-id': correlationId,
    'x-forwarded-for': address,
    ...request.headers,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const sent = { op: request.op, method: request.method, path: request.path, correlationId, startedAt };
  try {
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    const envelope = body as { statusCode?: unknown; correlationID?: unknown } | undefined;
    return {
      exchange: {
        ...sent,
        ms: Date.now() - startedAt,
        status: response.status,
        echoedId: response.headers.get('x-correlation-id'),
        balancer: response.headers.get('x-balancer'),
        retryAfter: response.headers.get('retry-after'),
        envelopeOk:
          response.status < 400 ||
          (envelope?.statusCode === response.status && envelope.correlationID === correlationId),
      },
      body,
      etag: response.headers.get('etag'),
    };
  } catch (error) {
    return {
      exchange: {
        ...sent,
        ms: Date.now() - startedAt,
        status: undefined,
        echoedId: null,
        balancer: null,
        retryAfter: null,
        envelopeOk: false,
        error:
          error instanceof Error
            ? `${error.message} (${String((error.cause as Error | undefined)?.message ?? '')})`
            : String(error),
      },
      body: undefined,
      etag: null,
    };
  }
}
