import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its path, the Standard Webhooks headers and the raw body. */
export interface Received {
  path: string;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
  body: string;
}

const pick = (headers: IncomingHttpHeaders): Received['headers'] => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});

/**
 * A local HTTP server standing in for a customer's webhook endpoint: it keeps every request and answers each
 * path with the status `statusFor` says (200 unless told otherwise); null holds the request unanswered (a
 * receiver that hangs, for a sender killed or stalled mid-request) until `answerHeld`, if ever.
 * `statusFor` is told how many requests came before this one.
 */
export async function startWebhookReceiver(
  statusFor: (path: string, before: number) => number | null = () => 200,
) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = statusFor(path, received.length);
      received.push({ path, headers: pick(request.headers), body: Buffer.concat(chunks).toString('utf8') });
      if (status === null) {
        held.push(response);
        return;
      }
      response.statusCode = status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => received.filter((request) => request.path === path),
    /** Answers every request held so far with `status`. */
    answerHeld: (status: number) => {
      for (const response of held.splice(0)) {
        response.statusCode = status;
        response.end('late');
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
