import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Dialect } from '../../db/database';
import type { PgListener } from '../../db/pg-listener';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import { SESSION_COOKIE } from '../auth/session-token';
import { SESSIONS_CHANNEL } from '../auth/session-cache';
import { pushCheck } from '../system/integrations';
import { createNotificationStream } from './notification-stream';
import { notificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import type { Notifier } from './notifier';
import { createStreamInterest } from './stream-interest';

/** The notification list and its live stream. The notifier that raises notices is shared (see app.ts). */
export async function notificationsModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    notifier: Notifier;
    listener?: PgListener;
    auth: AuthService;
  },
) {
  const { db, dialect, config, notifier, listener, auth } = deps;
  const notificationStream = createNotificationStream({
    db,
    notifier,
    interest: createStreamInterest(db, dialect),
    log: app.log,
  });
  // A session that ends closes its live streams at once, not at their next heartbeat: this process's sign-outs
  // directly, every process's through PostgreSQL's announcement (migration 0020), which is heard here too. The
  // auth module's session cache hears it first (registered before), so the streams' check reads the database.
  auth.onSessionsEnded((ended) => notificationStream.recheckSessions(ended));
  listener?.on(SESSIONS_CHANNEL, (sessionId) => notificationStream.recheckSessions({ sessionId }));
  // Open streams end first, or closing would wait for browsers that never hang up.
  app.addHook('preClose', async () => notificationStream.closeAll());
  const notifications = createNotificationsService({ db, notifier });

  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    notifications,
    stream: notificationStream,
    sessionCookie: SESSION_COOKIE,
    stillSignedIn: async (token) => Boolean(token && (await auth.authenticate(token))),
    heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
  });
  return { checks: [pushCheck(notifier)] };
}
