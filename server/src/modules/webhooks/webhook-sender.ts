import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from './public-address';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs a delivery to `url`, connecting to `address` (the one the SSRF check approved) whatever the name
 * resolves to now; TLS still verifies the certificate against the URL's host name. Redirects are not
 * followed (a 3xx is a failure): a redirect could point anywhere. Never throws.
 */
export function postWebhook(
  url: string,
  address: CheckedAddress,
  headers: Record<string, string>,
  body: string,
): Promise<SendResult> {
  const target = new URL(url);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Meridian-Webhooks/1',
        },
      },
      (response) => {
        // The answer's body is not kept: only that it came, and its status.
        response.resume();
        response.on('end', () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          resolve({ statusCode, latencyMs: elapsed(), error: ok ? null : `HTTP ${statusCode}` });
        });
        response.on('error', (error) =>
          resolve({ statusCode: null, latencyMs: elapsed(), error: error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ statusCode: null, latencyMs: elapsed(), error: error.message }));
    request.end(body);
  });
}
