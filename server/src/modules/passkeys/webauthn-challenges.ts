import type { Kysely } from 'kysely';
import type { Database, WebAuthnChallengesTable } from '../../db/schema';
import * as repo from './passkeys.repository';

/** Long enough to find a phone and touch it; a challenge past it is refused. */
export const CHALLENGE_MINUTES = 5;

type Purpose = WebAuthnChallengesTable['purpose'];

/** The challenge the browser signed, read from its clientDataJSON (WebAuthn's library checks the rest). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

export type WebAuthnChallenges = ReturnType<typeof createWebAuthnChallenges>;

/**
 * The challenges handed to browsers, kept in the database: the process that checks the answer need not be
 * the one that made the options. Each is spent by the first answer that names it, right or wrong.
 */
export function createWebAuthnChallenges(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db, now } = deps;
  return {
    async issue(challenge: string, purpose: Purpose, userId: string | null): Promise<void> {
      const created = now();
      await repo.insertChallenge(db, {
        challenge,
        user_id: userId,
        purpose,
        created_at: created.toISOString(),
        expires_at: new Date(created.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
      });
    },

    /** The challenge the answer signed, if it was live and made for `purpose`; spent either way. */
    async take(
      clientDataJSON: string,
      purpose: Purpose,
    ): Promise<{ challenge: string; userId: string | null } | null> {
      const challenge = signedChallenge(clientDataJSON);
      if (!challenge) return null;
      const row = await repo.takeChallenge(db, challenge, purpose, now().toISOString());
      return row ? { challenge, userId: row.user_id } : null;
    },

    prune: () => repo.pruneChallenges(db, now().toISOString()),
  };
}
