/**
 * Credentials pasted into an address, which proxies, access logs and browser history keep: a personal API key
 * (`mer_live_…`, `mer_demo_…`, also with its underscores percent-encoded), a `Bearer …` token, or a query
 * parameter named as credentials are (`api_key`, `access_token`, `token`…). No API route takes any of them
 * from the address; the session layer refuses them and the logger redacts them.
 */
const keyMark = String.raw`mer(?:_|%5f)(?:live|demo)(?:_|%5f)`;
const bearerLead = String.raw`bearer(?:\s|%20|\+)+`;
// A long token after "Bearer ", so that a search for "bearer bonds" is not taken for one.
const bearerToken = String.raw`[\w.~+/=%-]{16,}`;
const paramNames = String.raw`(?:api[_-]?key|key|access[_-]?token|token|auth|authorization|bearer|secret)`;

const credentialPattern = new RegExp(`${keyMark}|${bearerLead}${bearerToken}|[?&]${paramNames}=`, 'i');

/** Whether the address carries something that looks like a credential. */
export function credentialInUrl(url: string): boolean {
  return credentialPattern.test(url);
}

const redactions: Array<[RegExp, string]> = [
  [new RegExp(`([?&]${paramNames}=)[^&#]*`, 'gi'), '$1[redacted]'],
  [new RegExp(`(${keyMark})[^&#/?\\s]*`, 'gi'), '$1[redacted]'],
  [new RegExp(`(${bearerLead})${bearerToken}`, 'gi'), '$1[redacted]'],
];

/** The address with every credential-looking value replaced by `[redacted]` (parameter names and marks kept). */
export function redactUrlCredentials(url: string): string {
  return redactions.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), url);
}
