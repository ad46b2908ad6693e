import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_STREAM_EVENT,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
  type NotificationStreamMessage,
} from '@contract/notifications';
import { NEXT_CURSOR_HEADER } from '@contract/transactions';
import { pathIdSchema } from '@contract/text';
import { sessionOf, userIdOf } from '../../plugins/session';
import type { NotificationStream } from './notification-stream';
import type { NotificationsService } from './notifications.service';

const params = z.object({ id: pathIdSchema(100) });

export interface NotificationRoutesOptions {
  notifications: NotificationsService;
  stream: NotificationStream;
  /** Whether the request's session is still signed in (asked on each heartbeat, and when a session ends). */
  stillSignedIn(token: string | undefined): Promise<boolean>;
  sessionCookie: string;
  /** Comment lines keep proxies from timing out an idle stream and reveal a dead one. */
  heartbeatMs: number;
}

/** The spec's notification calls, plus GET /stream (server-sent events; see contract/src/notifications.ts). */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, options) => {
  const { notifications, stream } = options;

  app.get(
    '/',
    { schema: { querystring: notificationListQuerySchema, response: { 200: z.array(notificationSchema) } } },
    async (request, reply) => {
      const page = await notifications.page(userIdOf(request), request.query);
      if (page.nextCursor) {
        const next = new URLSearchParams({ limit: String(request.query.limit), cursor: page.nextCursor });
        reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        reply.header('link', `</api/notifications?${next}>; rel="next"`);
      }
      return page.items;
    },
  );

  app.get('/unread-count', { schema: { response: { 200: unreadCountSchema } } }, async (request) => ({
    count: await notifications.unreadCount(userIdOf(request)),
  }));

  app.put('/mark-all-read', async (request) => ({
    marked: await notifications.markAllRead(userIdOf(request)),
  }));

  app.put('/:id/read', { schema: { params } }, async (request, reply) => {
    await notifications.markRead(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.put('/:id/pin', { schema: { params } }, async (request, reply) => {
    await notifications.pin(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.put('/:id/unpin', { schema: { params } }, async (request, reply) => {
    await notifications.unpin(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await notifications.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/stream', async (request, reply) => {
    const { userId, sessionId } = sessionOf(request);
    const token = request.cookies[options.sessionCookie];
    const response = reply.raw;
    // From here the response is ours: the security headers were already set on it by the onRequest hook.
    reply.hijack();
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // A stream is its connection's last response: when the server ends it (a sign-out, a stop, an eleventh
      // tab) the socket goes with it. Kept alive, it would idle on, and a stopping server waits for idle
      // sockets that finish after it began closing (up to the 72 s keep-alive timeout).
      connection: 'close',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    response.write('retry: 5000\n\n');
    let ended = false;
    let stopListening = () => {};
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      stopListening();
      response.end();
    };
    const recheckSession = () => {
      void options.stillSignedIn(token).then(
        (signedIn) => signedIn || end(),
        // The database could not say: the stream stays, and the next heartbeat asks again.
        () => {},
      );
    };
    const heartbeat = setInterval(() => {
      response.write(': heartbeat\n\n');
      recheckSession();
    }, options.heartbeatMs);
    heartbeat.unref();
    request.raw.on('close', end);
    try {
      const close = await stream.open(userId, {
        sessionId,
        send: (message: NotificationStreamMessage) => {
          if (!ended)
            response.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify(message)}\n\n`);
        },
        end,
        recheckSession,
      });
      // The browser may have gone while the stream was opening.
      if (ended) close();
      else stopListening = close;
    } catch (error) {
      // The response is already ours: left open, it would only ever carry heartbeats.
      request.log.warn({ err: error }, 'notification stream could not open');
      end();
      return;
    }
    // A sign-out that landed while the stream was opening was announced before it could hear it.
    if (!ended) recheckSession();
  });
};
