import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { DAY_MS } from './webhook-delivery';
import * as repo from './webhooks.repository';

const BATCH = 500;

/**
 * Forgets events older than `retentionDays` whose deliveries are over (delivered or failed), with their
 * deliveries and attempt logs: the outbox and the log the profile shows stay the size of that window. An
 * event still retrying is kept (retries end a day after the event). Each batch is its own transaction, so a
 * large backlog never holds one long lock; processes running it at once delete disjoint or already-gone rows.
 * Returns how many events went.
 */
export async function pruneWebhookEvents(db: Kysely<Database>, now: Date, retentionDays: number) {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let pruned = 0;
  for (;;) {
    const batch = await db.transaction().execute((trx) => repo.pruneEventsBefore(trx, cutoff, BATCH));
    pruned += batch;
    if (batch < BATCH) return pruned;
  }
}

export function pruneWebhookEventsJob(db: Kysely<Database>, retentionDays: number): Job {
  return {
    name: 'prune-webhook-events',
    everyMs: 3_600_000,
    run: () => pruneWebhookEvents(db, new Date(), retentionDays),
  };
}
