import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadResult {
  /** Successful (2xx) answers per second. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/**
 * Drives one endpoint with autocannon over loopback: `connections` keep-alive clients for `seconds`.
 * `nextRequest` builds each request, so every transfer gets its own Idempotency-Key and sender.
 */
export async function loadTest(options: {
  url: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'POST';
  path: string;
  nextRequest: () => { cookie: string; body?: unknown };
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: options.method,
        path: options.path,
        setupRequest: (request) => {
          const next = options.nextRequest();
          request.headers = {
            ...request.headers,
            cookie: next.cookie,
            ...(next.body !== undefined && {
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            }),
          };
          if (next.body !== undefined) request.body = JSON.stringify(next.body);
          return request;
        },
      },
    ],
  });
  // Answers that did the work, per second: a refused request (a 4xx) is cheap and would flatter the figure.
  return {
    requestsPerSecond: result['2xx'] / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
