import { sql, type Kysely } from 'kysely';
import type { Integration } from '@contract/system';
import type { Config } from '../../config/env';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { RatesProvider } from '../rates/rates.provider';

export type IntegrationReport = Omit<Integration, 'id' | 'name'>;

/** One integration on System Status. `live`: run a real probe (Test All Systems), not just report. */
export interface IntegrationCheck {
  id: string;
  name: string;
  check(live: boolean): Promise<IntegrationReport>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

export function databaseCheck(db: Kysely<Database>, dialect: Dialect, config: Config): IntegrationCheck {
  const configured =
    dialect === 'postgres'
      ? `PostgreSQL at ${new URL(config.DATABASE_URL!).host}${new URL(config.DATABASE_URL!).pathname}`
      : `SQLite at ${config.SQLITE_PATH} (one process)`;
  return {
    id: 'database',
    name: 'Database',
    async check() {
      const started = performance.now();
      try {
        await sql`select 1`.execute(db);
        const ms = (performance.now() - started).toFixed(1);
        return {
          status: 'working',
          detail: `Answers in ${ms} ms`,
          configured,
          production:
            dialect === 'postgres'
              ? null
              : 'PostgreSQL (DATABASE_URL) to run several app processes or machines as one bank',
        };
      } catch (error) {
        return {
          status: 'error',
          detail: `Cannot reach the database: ${message(error)}`,
          configured,
          production: null,
        };
      }
    },
  };
}

export function ratesCheck(rates: RatesProvider): IntegrationCheck {
  return {
    id: 'rates',
    name: 'Exchange rates',
    async check(live) {
      const status = rates.status();
      if (live) {
        try {
          rates.getRate('USD', 'EUR');
          rates.getRate('BTC', 'USD');
        } catch (error) {
          return { status: 'error', detail: message(error), configured: status.name, production: null };
        }
      }
      if (status.mode === 'fallback' || !status.healthy) {
        return { status: 'error', detail: status.detail, configured: status.name, production: null };
      }
      return status.mode === 'simulated'
        ? {
            status: 'warning',
            detail: `${status.detail} Prices are simulated, not a market's.`,
            configured: status.name,
            production: 'A live rates feed: RATES_PROVIDER=http with RATES_URL',
          }
        : { status: 'working', detail: status.detail, configured: status.name, production: null };
    },
  };
}

export function mailCheck(mailer: Mailer): IntegrationCheck {
  return {
    id: 'mail',
    name: 'Email',
    async check() {
      const status = await mailer.status();
      const queue = status.pending > 0 ? ` · ${status.pending} waiting to be sent` : '';
      if (status.mode === 'outbox') {
        return {
          status: 'warning',
          detail: `${status.detail}${queue}`,
          configured: status.description,
          production: 'A mail server: SMTP_URL',
        };
      }
      return {
        status: status.ok ? 'working' : 'error',
        detail: `${status.detail}${queue}`,
        configured: status.description,
        production: null,
      };
    },
  };
}

export function pushCheck(notifier: Notifier): IntegrationCheck {
  return {
    id: 'push',
    name: 'Live notifications',
    async check() {
      const status = notifier.status();
      return {
        status: status.ok ? 'working' : 'error',
        detail: status.detail,
        configured: status.mode === 'postgres' ? 'PostgreSQL LISTEN/NOTIFY' : 'In-process events',
        production: null,
      };
    },
  };
}

export function rateLimitCheck(store: { name: string; ping?: () => Promise<unknown> }): IntegrationCheck {
  return {
    id: 'rate-limits',
    name: 'Rate limits',
    async check() {
      try {
        await store.ping?.();
        return {
          status: 'working',
          detail: `Counted in ${store.name}`,
          configured: store.name,
          production: null,
        };
      } catch (error) {
        return {
          status: 'error',
          detail: `${store.name} does not answer (requests pass uncounted): ${message(error)}`,
          configured: store.name,
          production: null,
        };
      }
    },
  };
}

/** A part of the product that is not built yet: System Status says so instead of pretending. */
export function notBuilt(id: string, name: string, detail: string, production: string): IntegrationCheck {
  return {
    id,
    name,
    check: async () => ({ status: 'missing', detail, configured: 'Not available yet', production }),
  };
}
