import { beforeAll, expect, it } from 'vitest';
import type { Recipient } from '@contract/recipients';
import { request, signUp, type Session } from '../../test/http';
import { fund, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('recipients', (ctx) => {
  let alice: Session;
  let bob: Session;
  const list = async (session = alice): Promise<Recipient[]> => {
    const response = await request(ctx.app, session, 'GET', '/api/recipients');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const save = (payload: unknown, session = alice) =>
    request(ctx.app, session, 'POST', '/api/recipients', payload);
  const sendTo = async (recipientEmail: string) => {
    const response = await request(
      ctx.app,
      alice,
      'POST',
      '/api/transactions',
      { amount: '1.00', fromCurrency: 'USD', recipientEmail },
      newKey(),
    );
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '100.00', 'USD');
  });

  it('starts empty', async () => {
    expect(await list()).toEqual([]);
  });

  it('saves a recipient once per email, whatever its case', async () => {
    const created = await save({ name: '  Grace Hopper ', email: 'Grace@Navy.example' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      saved: true,
      lastSentAt: null,
    });
    const duplicate = await save({ name: 'G. Hopper', email: 'GRACE@navy.example' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CONFLICT');
    // Bob has his own address book.
    expect((await save({ name: 'Grace', email: 'grace@navy.example' }, bob)).statusCode).toBe(201);
  });

  it.each([
    [{ name: 'No Email' }, 'email'],
    [{ name: 'Bad', email: 'not-an-email' }, 'email'],
    [{ email: 'nameless@example.com' }, 'name'],
    [{ name: '   ', email: 'blank@example.com' }, 'name'],
    [{ name: 'x'.repeat(101), email: 'long@example.com' }, 'name'],
  ])('refuses %j with a 400', async (payload, field) => {
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('merges recent transfer recipients, one per email, most recently used first', async () => {
    await sendTo('ada@example.com');
    await sendTo(bob.user.email);
    await sendTo('ADA@example.com');
    await sendTo('grace@navy.example');
    const recipients = await list();
    expect(recipients.map((r) => [r.email, r.saved])).toEqual([
      ['grace@navy.example', true],
      ['ada@example.com', false],
      [bob.user.email, false],
    ]);
    expect(recipients[0]).toMatchObject({ name: 'Grace Hopper', lastSentAt: expect.any(String) });
    expect(recipients[1]).toMatchObject({ id: 'recent:ada@example.com', name: 'ada@example.com' });
    // Bob sees only his own saved recipient, none of Alice's transfers.
    expect((await list(bob)).map((r) => r.email)).toEqual(['grace@navy.example']);
  });

  it("deletes only the user's own saved recipient", async () => {
    const grace = (await list()).find((r) => r.email === 'grace@navy.example')!;
    const bobsGrace = (await list(bob))[0]!;
    expect((await request(ctx.app, alice, 'DELETE', `/api/recipients/${bobsGrace.id}`)).statusCode).toBe(404);
    expect(
      (await request(ctx.app, alice, 'DELETE', '/api/recipients/recent:ada@example.com')).statusCode,
    ).toBe(404);
    expect((await request(ctx.app, alice, 'DELETE', '/api/recipients/no-such-id')).statusCode).toBe(404);
    expect(await list(bob)).toHaveLength(1);

    const deleted = await request(ctx.app, alice, 'DELETE', `/api/recipients/${grace.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await request(ctx.app, alice, 'DELETE', `/api/recipients/${grace.id}`)).statusCode).toBe(404);
    // Still a recent recipient (a transfer went there), now unsaved.
    expect((await list()).find((r) => r.email === 'grace@navy.example')).toMatchObject({ saved: false });
  });

  it('needs a session', async () => {
    expect((await request(ctx.app, null, 'GET', '/api/recipients')).statusCode).toBe(401);
    expect(
      (await request(ctx.app, null, 'POST', '/api/recipients', { name: 'A', email: 'a@b.co' })).statusCode,
    ).toBe(401);
  });
});
