import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

// Meridian uses none of these; a script injected into a page could not use them either.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Sets the security headers on a raw response. Built once: @fastify/helmet builds helmet's middleware anew for
 * every request (parsing the CSP each time), which was 3% of a transfer's CPU. Helmet's answer does not depend
 * on the request, so it is recorded once, at start, and replayed: its middleware per request (with its checks
 * and callbacks) was still 3.5% of a `GET /api/wallets`. A plain function rather than a hook, so the answers
 * Fastify gives before any hook runs (the router's refusals) carry the headers too.
 */
export function securityHeaders(options: { hsts: boolean }) {
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and Recharts set inline style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The same answer as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.hsts,
  });
  const headers: [string, string][] = [['permissions-policy', PERMISSIONS_POLICY]];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
  };
  helmetHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  // Helmet sets its headers before it calls back, all at once; if a version ever stopped doing so, fail at start.
  if (!headers.some(([name]) => name === 'content-security-policy')) {
    throw new Error('helmet set no headers synchronously: security headers cannot be recorded');
  }
  return (_request: IncomingMessage, response: ServerResponse, done: (error?: Error) => void) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    done();
  };
}
