import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookSecretAnswer } from '@contract/webhooks';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { createSecretBox } from '../../lib/secret-box';
import { createLogger } from '../../lib/logger';
import { call, openCustomer } from '../../test/bank/bank-client';
import { testConfig } from '../../test/config';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { createMailer } from '../mail/mailer';
import { createNotifier } from '../notifications/notifier';
import { createWebhookDelivery } from './webhook-delivery';

/**
 * A real server process sends a delivery and is SIGKILLed before the receiver answered (so before it could
 * record anything). The delivery is not lost: once its lease is over another process sends it again, with
 * the same webhook-id, and the receiver (which drops repeats by that id) sees the event once.
 */
describe('webhook delivery across a SIGKILL', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
  afterEach(async () => {
    await server?.kill('SIGKILL');
    await receiver?.close();
    await handle?.destroy();
    await database?.drop();
    [server, receiver, handle, database] = [undefined, undefined, undefined, undefined];
  });

  for (const dialect of dialectsUnderTest()) {
    it(`sends again with the same id after the sender died mid-request [${dialect}]`, async () => {
      database = await createTestDatabase(dialect);
      const key = randomBytes(32).toString('hex');
      server = await startServerProcess({
        ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
        ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
        WEB_DIST_DIR: '',
        TWO_FACTOR_ENCRYPTION_KEY: key,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_DELIVERY_INTERVAL_SECONDS: '1',
      });
      // The first request hangs: the server has sent it and waits for an answer when it is killed.
      receiver = await startWebhookReceiver((_path, before) => (before === 0 ? null : 200));
      const baseUrl = () => server!.url;
      const payer = await openCustomer(baseUrl, ['USD']);
      const payee = await openCustomer(baseUrl, ['USD']);
      const created = await call(baseUrl, 'POST', '/api/webhooks', {
        cookie: payer.cookie,
        body: {
          url: receiver.url('/hook'),
          events: ['transfer.delivered'],
          password: 'correct horse battery',
        },
      });
      expect(created.status).toBe(201);
      const { secret, endpoint } = created.body as WebhookSecretAnswer;
      const deposit = await call(baseUrl, 'POST', `/api/wallets/${payer.wallets.USD}/deposit`, {
        cookie: payer.cookie,
        key: randomUUID(),
        body: { amount: '100.00' },
      });
      expect(deposit.status).toBe(201);
      const sent = await call(baseUrl, 'POST', '/api/transactions', {
        cookie: payer.cookie,
        key: randomUUID(),
        body: { amount: '5.00', fromCurrency: 'USD', toCurrency: 'USD', recipientEmail: payee.email },
      });
      expect(sent.status).toBe(201);
      for (let waited = 0; receiver.received.length === 0; waited += 50) {
        if (waited > 20_000) throw new Error('the server never sent the delivery');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await server.kill('SIGKILL');

      handle = openDatabase({
        databaseUrl: database.config.DATABASE_URL,
        sqlitePath: database.config.SQLITE_PATH ?? '',
      });
      const { db, dialect: opened } = handle;
      const config = testConfig({ ...database.config, TWO_FACTOR_ENCRYPTION_KEY: key });
      const log = createLogger('silent');
      const nextProcess = (now: Date) =>
        createWebhookDelivery({
          db,
          box: createSecretBox(Buffer.from(key, 'hex')),
          notifier: createNotifier({ db, dialect: opened }),
          mailer: createMailer({ db, config, log }),
          log,
          allowPrivate: true,
          now: () => now,
        });
      // Still leased to the dead process: nobody sends it yet.
      expect(await nextProcess(new Date()).deliverDue()).toBe(0);
      expect(receiver.received).toHaveLength(1);
      expect(await nextProcess(new Date(Date.now() + 61_000)).deliverDue()).toBe(1);

      const [first, second] = receiver.received;
      expect(receiver.received).toHaveLength(2);
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({
        type: 'transfer.delivered',
        data: { amount: '5.00', recipientEmail: payee.email },
      });
      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      expect(deliveries.map((row) => [row.status, Number(row.attempts)])).toEqual([['delivered', 2]]);
    });
  }
});
