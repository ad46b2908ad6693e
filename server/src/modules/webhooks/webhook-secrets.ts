import type { SecretBox } from '../../lib/secret-box';

/** The sealing context binds a secret to its endpoint: a sealed value copied onto another row does not open. */
export const secretContext = (endpointId: string) => `webhook:${endpointId}`;

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function liveSecrets(
  box: SecretBox,
  endpoint: {
    id: string;
    secret: string;
    previous_secret: string | null;
    previous_secret_until: string | null;
  },
  at: Date,
): string[] {
  const context = secretContext(endpoint.id);
  const secrets = [box.open(endpoint.secret, context)];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_until &&
    new Date(endpoint.previous_secret_until) > at
  ) {
    secrets.push(box.open(endpoint.previous_secret, context));
  }
  return secrets;
}
