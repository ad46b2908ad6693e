import { GENESIS_DIGEST } from '@contract/statements';
import type { SealingDeps } from './statement-closing';
import { statementDigest } from './statement-digest';
import { nextMonth } from './statement-month';
import { readWalletMonth } from './statement-reading';
import * as repo from './statements.repository';

const PAGE = 200;

/**
 * Seals the statements closed before keyed seals (migration 0050 leaves their seal null): each one whose
 * digest still matches the ledger and whose link still matches the month before is sealed as of the time it
 * was closed, so the check then holds it to the key like any other. One that no longer matches stays unsealed
 * and the check reports it.
 *
 * Only the process that applies migration 0050 runs this, once, as it starts (statements.module.ts): never
 * whenever an unsealed row turns up, or anyone who can write the database could insert rows of their own
 * making, with a digest they computed and a closing time they chose, and have the server seal them.
 */
export async function sealLegacyStatements(deps: SealingDeps): Promise<{ sealed: number; left: number }> {
  const { db, sealer } = deps;
  let sealed = 0;
  let left = 0;
  let after = '';
  for (;;) {
    const accounts = await repo.accountsWithUnsealed(db, after, PAGE);
    for (const accountId of accounts) {
      const wallet = await repo.walletAccount(db, accountId);
      let previous: repo.StatementRow | undefined;
      let opening: bigint | undefined;
      for (const row of await repo.statementsOfWallet(db, accountId)) {
        const carried = previous && nextMonth(previous.month) === row.month ? opening : undefined;
        const statement = wallet && (await readWalletMonth(db, row.user_id, wallet, row.month, carried));
        const holds =
          wallet !== undefined &&
          statement !== undefined &&
          row.previous_digest === (previous?.digest ?? GENESIS_DIGEST) &&
          statementDigest(statement, row.previous_digest) === row.digest;
        if (row.seal === null && holds) {
          const fields = {
            userId: row.user_id,
            walletId: accountId,
            currency: row.currency,
            month: row.month,
            openedAt: wallet.created_at,
            digest: row.digest,
            previousDigest: row.previous_digest,
            sealedAt: row.closed_at,
          };
          await repo.sealStatement(db, row.id, sealer.seal(fields));
          sealed++;
        } else if (row.seal === null) left++;
        previous = row;
        opening = statement?.closing;
      }
    }
    if (accounts.length < PAGE) return { sealed, left };
    after = accounts.at(-1)!;
  }
}
