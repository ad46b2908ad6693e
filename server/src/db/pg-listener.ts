import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

const RECONNECT_MS = 2_000;

export type PgListener = ReturnType<typeof createPgListener>;

/**
 * This process's one LISTEN connection to PostgreSQL, shared by everything that hears other processes:
 * notification pushes, session sign-outs. `pg_notify` is delivered at commit (never after a rollback) to
 * every process listening on the database.
 *
 * While the connection is down nothing is heard, so whoever keeps state on the strength of these signals
 * (a cache) registers `onLost` and stops trusting it until `listening` is true again. Channels are registered
 * before `start`; a reconnect LISTENs on all of them again.
 */
export function createPgListener(deps: { databaseUrl: string; log: FastifyBaseLogger }) {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const lostHandlers: (() => void)[] = [];
  let client: pg.Client | null = null;
  let listening = false;
  let lastError: string | null = null;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  async function connect() {
    if (stopped) return;
    const connection = new pg.Client({
      connectionString: deps.databaseUrl,
      application_name: 'meridian-listener',
    });
    client = connection;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      listening = false;
      lastError = error?.message ?? 'connection ended';
      for (const handler of lostHandlers) handler();
      // The listeners stay: a dead connection may still emit 'error', and with none attached pg would throw.
      void connection.end().catch(() => {});
      if (!stopped) {
        deps.log.warn({ err: error }, 'database listener lost; reconnecting');
        reconnectTimer = setTimeout(() => void connect(), RECONNECT_MS);
        reconnectTimer.unref();
      }
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    connection.on('notification', (message) => {
      if (!message.payload) return;
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
    });
    try {
      await connection.connect();
      for (const channel of handlers.keys()) await connection.query(`LISTEN ${channel}`);
      if (client !== connection) return;
      listening = true;
      lastError = null;
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    /** Calls `handler(payload)` for every notification on `channel` (a fixed SQL identifier). */
    on(channel: string, handler: (payload: string) => void) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },

    /** Calls `handler` each time the connection is lost: what was missed from then on is not known. */
    onLost(handler: () => void) {
      lostHandlers.push(handler);
    },

    /** True while every registered channel is being heard. */
    get listening() {
      return listening;
    },

    get lastError() {
      return lastError;
    },

    start: connect,

    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const connection = client;
      client = null;
      if (listening) {
        listening = false;
        for (const handler of lostHandlers) handler();
      }
      await connection?.end().catch(() => {});
    },
  };
}
