import type { Config } from '../../config/env';

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string;
  name: string;
  /** Where the pages that may use them are served from. */
  origins: string[];
}

const loopbackHosts = new Set(['127.0.0.1', '[::1]']);

/**
 * Passkeys are bound to the address people reach the server at (PUBLIC_URL, else localhost on PORT, as the
 * mailed links are). A browser refuses an IP address as a relying party id, so a server published on a
 * loopback address takes its passkeys as `localhost` on the same port and scheme.
 */
export function relyingPartyOf(config: Config): RelyingParty {
  const url = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  if (loopbackHosts.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, name: 'Meridian', origins: [url.origin] };
}
