import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationStreamMessage } from '@contract/notifications';
import type { Database } from '../../db/schema';
import { sseConnections } from '../../lib/metrics';
import { toNotification } from './notifications.mapper';
import { countUnread, newestNotifications } from './notifications.repository';
import type { Notifier } from './notifier';
import { RENEW_MS, type StreamInterest } from './stream-interest';

/** How many of the newest notifications a change looks at: far more than one event ever raises at once. */
const LOOK_BACK = 20;
/** One person rarely has more tabs open; past this the oldest stream is closed (its tab falls back to polling). */
const MAX_STREAMS_PER_USER = 10;
/**
 * A stream reads once more this long after it opens: a payment that wrote its notification before the stream
 * was announced (stream-interest.ts) and committed after the stream's first read was never signalled.
 */
const RECHECK_MS = 5_000;

export interface StreamSink {
  /** The session the stream was opened with. */
  sessionId: string;
  send(message: NotificationStreamMessage): void;
  /** Ends the response (the stream closed from our side). */
  end(): void;
  /** Asks the database whether the session is still signed in, and ends the stream if it is not. */
  recheckSession(): void;
}

/** Sessions that ended: one, or every one of a user but `keep` (the same shape as auth.service's). */
export type EndedSessions = { sessionId: string } | { userId: string; keep?: string | undefined };

interface Subscriber {
  sink: StreamSink;
  /** Ids this stream already knows of, so each notification is pushed once per stream. */
  known: Set<string>;
}

export type NotificationStream = ReturnType<typeof createNotificationStream>;

/**
 * The open notification streams of this process, by user. On every change signal for a user (from any
 * process, see notifier.ts) it reads that user's newest notifications and unread count once, and pushes to
 * each of their streams what that stream has not seen. Reads for one user are serialised, so two quick
 * signals never push the same item twice.
 */
export function createNotificationStream(deps: {
  db: Kysely<Database>;
  notifier: Notifier;
  /** Where this process says whose streams it holds, so that only their notifications are signalled. */
  interest: StreamInterest;
  log: FastifyBaseLogger;
}) {
  const { db, notifier, interest, log } = deps;
  const byUser = new Map<string, Set<Subscriber>>();
  const pending = new Map<string, Promise<void>>();
  /** Set when the app starts closing: a stream that would register after that is ended at once instead. */
  let closing = false;
  const renewal = setInterval(() => {
    interest
      .renew([...byUser.keys()])
      .catch((error: unknown) => log.warn({ err: error }, 'stream renewal failed'));
  }, RENEW_MS);
  renewal.unref();

  async function push(userId: string) {
    const subscribers = byUser.get(userId);
    if (!subscribers || subscribers.size === 0) return;
    const [newest, unreadCount] = await Promise.all([
      newestNotifications(db, userId, LOOK_BACK),
      countUnread(db, userId),
    ]);
    for (const subscriber of subscribers) {
      const fresh = newest.filter((row) => !subscriber.known.has(row.id)).reverse();
      fresh.forEach((row) => subscriber.known.add(row.id));
      // Forget what fell out of the look-back window: it can never come back into it.
      if (subscriber.known.size > LOOK_BACK * 4) subscriber.known = new Set(newest.map((row) => row.id));
      subscriber.sink.send({ notifications: fresh.map(toNotification), unreadCount });
    }
  }

  function schedule(userId: string) {
    const previous = pending.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => push(userId))
      .catch((error: unknown) => log.warn({ err: error }, 'notification push failed'))
      .finally(() => {
        if (pending.get(userId) === next) pending.delete(userId);
      });
    pending.set(userId, next);
    return next;
  }

  const unsubscribe = notifier.onChange((userId) => {
    if (byUser.has(userId)) void schedule(userId);
  });

  return {
    /**
     * Starts a stream: it knows the user's current notifications (so only new ones are pushed) and is sent
     * the unread count at once. Returns what closes it.
     */
    async open(userId: string, sink: StreamSink): Promise<() => void> {
      // Once closeAll has run (or while this stream was opening), nobody would end this one and the server
      // would wait for it until the forced exit: it ends at once, and the browser reconnects elsewhere.
      const refuseIfClosing = () => {
        if (closing) sink.end();
        return closing;
      };
      if (refuseIfClosing()) return () => {};
      // Announced before the first read, so whatever that read misses is signalled (or found by the recheck).
      if (!byUser.has(userId)) {
        await interest.hold(userId).catch((error: unknown) => {
          log.warn({ err: error }, 'could not announce a notification stream; it will see changes late');
        });
      }
      const current = await newestNotifications(db, userId, LOOK_BACK);
      if (refuseIfClosing()) return () => {};
      const subscriber: Subscriber = { sink, known: new Set(current.map((row) => row.id)) };
      let subscribers = byUser.get(userId);
      if (!subscribers) byUser.set(userId, (subscribers = new Set()));
      if (subscribers.size >= MAX_STREAMS_PER_USER) {
        const oldest = subscribers.values().next().value!;
        subscribers.delete(oldest);
        sseConnections.dec();
        oldest.sink.end();
      }
      subscribers.add(subscriber);
      sseConnections.inc();
      await schedule(userId);
      let closed = false;
      const recheck = setTimeout(() => !closed && void schedule(userId), RECHECK_MS);
      recheck.unref();
      return () => {
        clearTimeout(recheck);
        if (closed) return;
        closed = true;
        if (subscribers.delete(subscriber)) sseConnections.dec();
        if (subscribers.size === 0 && byUser.get(userId) === subscribers) byUser.delete(userId);
      };
    },

    /**
     * Sessions ended (here, or in another process: PostgreSQL announces it). Their streams ask the database
     * at once instead of at their next heartbeat; an announcement may also be a session that only changed,
     * so nothing is ended on its word alone.
     */
    recheckSessions(ended: EndedSessions) {
      const userIds = 'userId' in ended ? [ended.userId] : byUser.keys();
      for (const userId of userIds) {
        for (const { sink } of byUser.get(userId) ?? []) {
          const matches =
            'userId' in ended ? sink.sessionId !== ended.keep : sink.sessionId === ended.sessionId;
          if (matches) sink.recheckSession();
        }
      }
    },

    /** How many streams this process holds open. */
    size() {
      let total = 0;
      for (const subscribers of byUser.values()) total += subscribers.size;
      return total;
    },

    /** Ends every stream (the app is closing: browsers reconnect to another process). */
    async closeAll() {
      closing = true;
      clearInterval(renewal);
      unsubscribe();
      for (const subscribers of byUser.values()) {
        for (const subscriber of subscribers) {
          sseConnections.dec();
          subscriber.sink.end();
        }
      }
      byUser.clear();
      await interest
        .releaseAll()
        .catch((error: unknown) => log.warn({ err: error }, 'stream release failed'));
    },
  };
}
