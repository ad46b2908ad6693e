import { expect } from 'vitest';
import type { TestContext } from './test-app';

/** The password-reset mails sent to `address` (links and "was changed" notices), oldest first. */
export const resetMails = (ctx: TestContext, address: string) =>
  ctx.app.db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'body', 'action_url'])
    .where('to_address', '=', address)
    .where('kind', 'like', 'password-reset%')
    .orderBy('created_at')
    .execute();

const tokenOf = (actionUrl: string | null) => new URL(actionUrl!).searchParams.get('token')!;

/**
 * The token of the newest link mailed to the address, once `count` links are there: the request writes its
 * mail after answering (the same answer whether or not an account has the address), so this waits for it.
 */
export async function mailedToken(ctx: TestContext, address: string, count = 1): Promise<string> {
  const links = async () => (await resetMails(ctx, address)).filter((m) => m.kind === 'password-reset');
  await expect.poll(async () => (await links()).length).toBe(count);
  return tokenOf((await links()).at(-1)!.action_url);
}
