import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorBody } from '@contract/errors';

/**
 * What Node's HTTP parser refuses (a malformed request line, a control character in a header, headers over the
 * size limit, a request that never finished arriving) never becomes a request: no hook or error handler sees it,
 * and Fastify's own answer is `{error, message, statusCode}`. Answered here in the one error shape instead, with
 * the status Fastify would have used (the protocol's own: 431 and 408 tell a proxy more than a 400 would).
 */
export const clientErrorHandler =
  (log: FastifyBaseLogger) => (error: NodeJS.ErrnoException, socket: Socket) => {
    // The connection is already gone: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, body]: [number, ErrorBody] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large' }]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, { code: 'VALIDATION_FAILED', message: 'The request did not arrive in time' }]
          : [400, { code: 'VALIDATION_FAILED', message: 'The request could not be understood' }];
    // Mostly scanners and broken proxies: not worth more than a trace line.
    log.trace({ err: error }, 'client error');
    if (socket.writable) {
      const json = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          'Cache-Control: no-store\r\n' +
          'X-Content-Type-Options: nosniff\r\n' +
          'Connection: close\r\n' +
          `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
      );
    }
    socket.destroy(error);
  };
