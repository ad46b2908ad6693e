import { randomUUID } from 'node:crypto';

/** A signed-in customer talking to a real server over HTTP, as the bank workload's clients do. */
export interface Customer {
  email: string;
  cookie: string;
  wallets: Record<string, string>;
  /** A demo account: its play money must never reach a real customer, nor theirs it. */
  demo: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** Thrown when the server gave no answer at all (killed, refused, reset): the request may or may not have run. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

export async function call(
  baseUrl: () => string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.key && { 'idempotency-key': options.key }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
  } catch (error) {
    throw new NoAnswerError(String((error as Error).cause ?? error));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new NoAnswerError(String(error));
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (CSV, or an empty 204)
  }
  return { status: response.status, body };
}

const cookieOf = (response: Response) =>
  (response.headers.getSetCookie().find((c) => c.startsWith('meridian_session=')) ?? '').split(';')[0]!;

/**
 * Registers a customer and verifies its address by the link the sandbox shows (only a verified address
 * receives money), or starts a demo; then opens the wallets it needs and returns its session and wallet ids.
 */
export async function openCustomer(
  baseUrl: () => string,
  currencies: string[],
  kind: 'real' | 'demo' = 'real',
): Promise<Customer> {
  let customer: Customer;
  if (kind === 'demo') {
    const response = await fetch(`${baseUrl()}/api/auth/demo`, { method: 'POST' });
    if (response.status !== 201) throw new Error(`demo: ${response.status} ${await response.text()}`);
    const { user } = (await response.json()) as { user: { email: string } };
    customer = { email: user.email, cookie: cookieOf(response), wallets: {}, demo: true };
  } else {
    const email = `bank-${randomUUID()}@example.com`;
    const response = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
    customer = { email, cookie: cookieOf(response), wallets: {}, demo: false };
    const status = await call(baseUrl, 'GET', '/api/auth/verification', { cookie: customer.cookie });
    const link = (status.body as { sandboxLink: string | null }).sandboxLink;
    if (!link) throw new Error(`no sandbox verification link: ${JSON.stringify(status.body)}`);
    const token = new URL(link).searchParams.get('token');
    const verified = await call(baseUrl, 'POST', '/api/auth/verify-email', { body: { token } });
    if (verified.status !== 200)
      throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  const { cookie } = customer;
  const listed = await call(baseUrl, 'GET', '/api/wallets', { cookie });
  for (const wallet of listed.body as Array<{ id: string; currency: string }>)
    customer.wallets[wallet.currency] = wallet.id;
  for (const currency of currencies) {
    if (customer.wallets[currency]) continue;
    const opened = await call(baseUrl, 'POST', '/api/wallets', { cookie, body: { currency } });
    if (opened.status !== 201)
      throw new Error(`open wallet: ${opened.status} ${JSON.stringify(opened.body)}`);
    customer.wallets[currency] = (opened.body as { id: string }).id;
  }
  return customer;
}
