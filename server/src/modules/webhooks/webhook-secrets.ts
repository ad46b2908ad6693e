import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';

/** The sealing context binds a secret to its endpoint: a sealed value copied onto another row does not open. */
export const secretContext = (endpointId: string) => `webhook:${endpointId}`;

/** A secret rotated out (sealed) and the moment it stops signing. */
export interface PreviousSecret {
  secret: string;
  until: string;
}

/**
 * Secrets rotated out and still signing at most at once: each rotation adds one for a day, so past this many
 * in a day a rotation is refused until the oldest ends (every delivery carries one signature per secret).
 */
export const MAX_PREVIOUS_SECRETS = 5;

/** The rotated-out secrets still inside their overlap at `at`, newest first. */
export function previousSecretsAt(endpoint: { previous_secrets: string }, at: Date): PreviousSecret[] {
  return (JSON.parse(endpoint.previous_secrets) as PreviousSecret[])
    .filter((previous) => new Date(previous.until) > at)
    .sort((a, b) => (a.until < b.until ? 1 : a.until > b.until ? -1 : 0));
}

/** The secrets that sign now: the current one, then every rotated-out one whose own overlap still lasts. */
export function liveSecrets(
  box: SecretBox,
  endpoint: { id: string; secret: string; previous_secrets: string },
  at: Date,
): string[] {
  const context = secretContext(endpoint.id);
  return [endpoint.secret, ...previousSecretsAt(endpoint, at).map((previous) => previous.secret)].map(
    (sealed) => box.open(sealed, context),
  );
}

/**
 * The rotated-out secrets after a rotation at `at`: the current one joins them until `at + overlapMs`, and
 * every earlier one keeps its own end (rotating again within a day never shortens an overlap).
 */
export function previousSecretsAfterRotation(
  endpoint: { secret: string; previous_secrets: string },
  at: Date,
  overlapMs: number,
): string {
  const live = previousSecretsAt(endpoint, at);
  if (live.length >= MAX_PREVIOUS_SECRETS) {
    const oldest = live[live.length - 1]!;
    throw new AppError(
      'CONFLICT',
      `This secret was rotated ${MAX_PREVIOUS_SECRETS} times in the last day and every old one still signs. Rotate again after ${oldest.until}, when the oldest stops.`,
    );
  }
  const until = new Date(at.getTime() + overlapMs).toISOString();
  return JSON.stringify([{ secret: endpoint.secret, until }, ...live]);
}
