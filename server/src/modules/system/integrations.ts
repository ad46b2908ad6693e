import { sql, type Kysely } from 'kysely';
import type { Integration } from '@contract/system';
import type { Config } from '../../config/env';
import { checkpointerOf, writeHealthOf, type Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { CardIssuer } from '../cards/card-issuer';
import type { CardSecrets } from '../cards/card-secrets';
import type { VerificationProvider } from '../kyc/verification-provider';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { RatesProvider } from '../rates/rates.provider';
import type { FileStorage } from '../storage/file-storage';

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
        const checkpointFailure = checkpointerOf(db)?.failure;
        const writesFailing = writeHealthOf(db)?.failing;
        if (writesFailing)
          return {
            status: 'error',
            detail: `Answers reads in ${ms} ms, but writes are failing: ${message(writesFailing)} (${(writesFailing as { code?: string }).code})`,
            configured,
            production: null,
          };
        return {
          status: checkpointFailure ? 'warning' : 'working',
          detail: checkpointFailure
            ? `Answers in ${ms} ms. Background WAL checkpoints stopped (${message(checkpointFailure)}): requests wait while the writer checkpoints`
            : `Answers in ${ms} ms`,
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
      const queue =
        (status.pending > 0 ? ` · ${status.pending} waiting to be sent` : '') +
        (status.failed > 0 ? ` · ${status.failed} could not be delivered` : '');
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

/** The card issuer: Stripe Issuing when configured (a live probe on Test All Systems), else the demo issuer. */
export function cardsCheck(
  issuers: { demo: CardIssuer; stripe: CardIssuer | null },
  secrets: CardSecrets,
  dialect: Dialect,
): IntegrationCheck {
  const keyNote =
    secrets.keySource === 'key file' && dialect === 'postgres'
      ? ' Card numbers are encrypted with this machine’s key file: set CARD_ENCRYPTION_KEY so every server shares it.'
      : '';
  return {
    id: 'cards',
    name: 'Card issuer',
    async check(live) {
      const issuer = issuers.stripe ?? issuers.demo;
      if (live) {
        try {
          await issuer.probe();
        } catch {
          // The issuer's status() now says what went wrong.
        }
      }
      const status = issuer.status();
      const configured = `${status.configured} · card key from ${secrets.keySource}`;
      if (!status.ok) return { status: 'error', detail: status.detail, configured, production: null };
      if (issuer.name === 'demo') {
        return {
          status: 'warning',
          detail: `${status.detail}.${keyNote}`,
          configured,
          production: 'A card issuer: Stripe Issuing (STRIPE_SECRET_KEY)',
        };
      }
      return {
        status: keyNote ? 'warning' : 'working',
        detail: `${status.detail}.${keyNote}`,
        configured,
        production: keyNote ? 'CARD_ENCRYPTION_KEY shared by every server' : null,
      };
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

/** Identity verification: the embedded reviewer works, but production needs a regulated provider. */
export function verificationCheck(provider: VerificationProvider): IntegrationCheck {
  return {
    id: 'verification',
    name: 'Identity verification',
    check: async () =>
      provider.mode === 'embedded'
        ? {
            status: 'warning',
            detail:
              'Applications are reviewed on this server: age, document expiry, country, readable images and the name. No document forensics or liveness check.',
            configured: provider.description,
            production:
              'An identity verification provider (document authenticity and liveness), e.g. Onfido or Persona',
          }
        : {
            status: 'working',
            detail: 'Reviews applications',
            configured: provider.description,
            production: null,
          },
  };
}

/** Where uploads go. `live` (Test All Systems) writes, reads back and removes a probe file. */
export function storageCheck(storage: FileStorage): IntegrationCheck {
  const production =
    storage.mode === 'local'
      ? 'S3-compatible object storage (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to run several machines'
      : null;
  return {
    id: 'storage',
    name: 'File storage',
    async check(live) {
      if (live) {
        try {
          await storage.probe();
        } catch (error) {
          return { status: 'error', detail: message(error), configured: storage.description, production };
        }
      }
      const detail = live
        ? 'A probe file was written, read back and removed'
        : 'Identity documents are stored here';
      return {
        status: storage.mode === 'local' ? 'warning' : 'working',
        detail: storage.mode === 'local' ? `${detail} (one machine only)` : detail,
        configured: storage.description,
        production,
      };
    },
  };
}
