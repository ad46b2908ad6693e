import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, RevealedCard } from '@contract/cards';
import { buildApp, type App } from '../../app';
import { createLogger } from '../../lib/logger';
import { testConfig } from '../../test/config';
import { request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { fund, newKey, walletsOf } from '../../test/money';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../test/test-app';

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item));

/**
 * No full card number or CVV in clear anywhere but the reveal answer: not in a log line (the app logs at
 * trace level into a buffer here, through the app's own logger and its redaction) and not in any column of
 * any table, after cards are created, revealed and used.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`card secrets stay secret [${dialect}]`, () => {
    let database: TestDatabase;
    let app: App;
    let log = '';
    const revealed: RevealedCard[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const sink = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      });
      app = await buildApp(testConfig({ ...database.config, LOG_LEVEL: 'trace' }), {
        logger: createLogger('trace', sink),
      });
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('creates, reveals and pays with cards, then finds their numbers and CVVs nowhere', async () => {
      const sessions: Session[] = [await signUp(app), await startDemo(app)];
      await fund(app.db, (await walletsOf(app, sessions[0]!)).USD!.id, '500.00', 'USD');
      for (const session of sessions) {
        const created = await request(app, session, 'POST', '/api/stripe/create-card', { type: 'virtual' });
        const card: Card = created.json();
        const answer = await request(app, session, 'POST', `/api/cards/${card.id}/reveal`, {
          password: TEST_PASSWORD,
        });
        expect(answer.statusCode).toBe(200);
        revealed.push(answer.json());
        const paid = await request(
          app,
          session,
          'POST',
          `/api/cards/${card.id}/purchases`,
          {
            amount: '12.00',
            currency: 'USD',
            merchant: 'Paper & Co',
            category: 'other',
            channel: 'chip',
            country: 'US',
          },
          newKey(),
        );
        expect(paid.json()).toMatchObject({ approved: true });
        // Someone logging a card object by mistake is redacted too.
        app.log.info({ card: { cardNumber: answer.json().cardNumber, cvv: answer.json().cvv } }, 'oops');
      }
      const demoCards: Card[] = (await request(app, sessions[1]!, 'GET', '/api/cards')).json();
      for (const card of demoCards.slice(0, 2)) {
        revealed.push(
          (
            await request(app, sessions[1]!, 'POST', `/api/cards/${card.id}/reveal`, { password: 'any' })
          ).json(),
        );
      }

      expect(log.length).toBeGreaterThan(1000);
      expect(log).toContain('[redacted]');
      const tables = await app.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain('cards');
      const dump: Record<string, string[]> = {};
      for (const table of tables) {
        const rows = await app.db
          .selectFrom(table.name as 'cards')
          .selectAll()
          .execute();
        dump[table.name] = rows.map((row) => json(row));
        const columns = table.columns.map((column) => column.name);
        expect(
          columns.filter((name) => /cvv|cvc|card_number/i.test(name)),
          table.name,
        ).toEqual([]);
      }
      const everything = Object.values(dump).flat().join('\n');
      expect(revealed).toHaveLength(4);
      for (const { cardNumber, cvv } of revealed) {
        expect(cardNumber).toMatch(/^\d{16}$/);
        expect(log).not.toContain(cardNumber);
        expect(everything).not.toContain(cardNumber);
        // Nor split by spaces, as a card is printed.
        expect(everything).not.toContain(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
        for (const text of [log, everything]) {
          expect(text).not.toMatch(new RegExp(`"(cvv|cvc)"\\s*:\\s*"?${cvv}`));
        }
      }
    });
  });
}
