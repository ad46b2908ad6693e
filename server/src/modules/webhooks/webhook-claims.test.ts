import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { describeEachDatabase } from '../../test/test-app';
import * as repo from './webhooks.repository';

const MINUTE = 60_000;

describeEachDatabase('webhook delivery claims', (ctx) => {
  // Each test claims from a queue of its own.
  afterEach(async () => {
    await ctx.app.db.deleteFrom('webhook_deliveries').execute();
  });

  /** `endpoints` endpoints of their own users, each with `due` deliveries due at `at` (rows written directly). */
  async function seed(endpoints: number, due: number, at: Date, status: 'pending' | 'delivered' = 'pending') {
    const db = ctx.app.db;
    const stamp = at.toISOString();
    const users = Array.from({ length: endpoints }, () => ({
      id: newId(),
      email: `${newId()}@claims.example`,
      password_hash: 'not a hash',
      created_at: stamp,
      updated_at: stamp,
    }));
    await db.insertInto('users').values(users).execute();
    const rows = users.map((user) => ({
      id: newId(),
      user_id: user.id,
      url: 'https://hooks.example/in',
      events: '["transfer.delivered"]',
      secret: 'sealed',
      enabled: 1,
      created_at: stamp,
    }));
    await db.insertInto('webhook_endpoints').values(rows).execute();
    for (let n = 0; n < due; n += 1) {
      const events = users.map((user) => ({
        id: `msg_${newId()}`,
        user_id: user.id,
        type: 'transfer.delivered',
        payload: '{}',
        created_at: stamp,
      }));
      await db.insertInto('webhook_events').values(events).execute();
      const deliveries = events.map((event, index) => ({
        id: newId(),
        event_id: event.id,
        endpoint_id: rows[index]!.id,
        status,
        attempts: 0,
        // Endpoint by endpoint: the first endpoint's deliveries are the oldest due.
        next_attempt_at: status === 'pending' ? new Date(at.getTime() + index * due + n).toISOString() : null,
        retry_until: new Date(at.getTime() + 1440 * MINUTE).toISOString(),
        created_at: stamp,
      }));
      await db.insertInto('webhook_deliveries').values(deliveries).execute();
    }
    return rows.map((row) => row.id);
  }

  const claim = (now: Date, limit: number, token = newId()) =>
    repo.claimDue(ctx.app.db, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + MINUTE).toISOString(),
      token,
      limit,
    });

  const leasedOf = (endpointIds: string[], now: Date) =>
    ctx.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint_id'])
      .where('endpoint_id', 'in', endpointIds)
      .where('next_attempt_at', '>', now.toISOString())
      .execute();

  it('takes at most its batch, one per endpoint, with thousands due after a quiet spell', async () => {
    const at = new Date(Date.now() - 10 * MINUTE);
    // PostgreSQL plans with the statistics autovacuum took while the queue was quiet: nothing was due then.
    await seed(5, 20, at, 'delivered');
    if (ctx.dialect === 'postgres') await sql`analyze webhook_deliveries`.execute(ctx.app.db);
    const endpoints = await seed(100, 25, at);
    const now = new Date();

    const first = await claim(now, 20);
    expect(first).toHaveLength(20);
    expect(new Set(first.map((row) => row.endpoint_id)).size).toBe(20);
    expect(await leasedOf(endpoints, now)).toHaveLength(20);

    // Another process: other endpoints only, as many as its batch.
    const second = await claim(now, 20);
    expect(second).toHaveLength(20);
    const both = new Set([...first, ...second].map((row) => row.endpoint_id));
    expect(both.size).toBe(40);
    expect(await leasedOf(endpoints, now)).toHaveLength(40);
  });

  it('keeps one delivery of an endpoint in flight at a time, the next once that one ended or its lease did', async () => {
    const at = new Date(Date.now() - 10 * MINUTE);
    const [endpoint] = await seed(1, 2, at);
    const now = new Date();
    const first = await claim(now, 20, 'first');
    expect(first.map((row) => row.endpoint_id)).toEqual([endpoint]);
    expect(await claim(now, 20)).toHaveLength(0);

    // Its outcome ends the claim: the endpoint's next delivery is claimed.
    expect(await repo.settleDelivery(ctx.app.db, first[0]!.id, 'first', { status: 'delivered' })).toBe(true);
    const second = await claim(now, 20, 'second');
    expect(second).toHaveLength(1);
    expect(second[0]!.id).not.toBe(first[0]!.id);
    expect(await claim(now, 20)).toHaveLength(0);

    // The worker holding it stalled: once the lease is over, the delivery is claimed again, and only the new
    // claim's outcome is written.
    const later = new Date(now.getTime() + MINUTE + 1000);
    const third = await claim(later, 20, 'third');
    expect(third.map((row) => [row.id, Number(row.attempts)])).toEqual([[second[0]!.id, 2]]);
    expect(await repo.settleDelivery(ctx.app.db, second[0]!.id, 'second', { status: 'failed' })).toBe(false);
    expect(await repo.settleDelivery(ctx.app.db, second[0]!.id, 'third', { status: 'delivered' })).toBe(true);
  });
});
