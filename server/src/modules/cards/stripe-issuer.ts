import type { RevealedCard } from '@contract/cards';
import { AppError } from '../../lib/errors';
import type { CardIssuer, IssueRequest } from './card-issuer';

/** Stripe's form encoding: nested objects as `a[b][c]=v`. */
function formOf(values: Record<string, unknown>, prefix = '', form = new URLSearchParams()) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === 'object') formOf(value as Record<string, unknown>, name, form);
    else form.append(name, String(value));
  }
  return form;
}

interface StripeCard {
  id: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  number?: string;
  cvc?: string;
}

/**
 * Stripe Issuing: a cardholder per user (made with their first card, reused after), cards created and
 * frozen/unfrozen through Stripe, details revealed from Stripe (`expand[]=number,cvc`). Stripe holds the number:
 * Meridian stores only the last four digits. Request bodies and answers are never logged.
 */
export function createStripeIssuer(options: {
  secretKey: string;
  apiBase: string;
  timeoutMs?: number;
}): CardIssuer {
  let lastError: string | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, key?: string) {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(key && { 'idempotency-key': key }),
        },
        ...(body && { body: formOf(body).toString() }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      lastError = `Stripe did not answer: ${error instanceof Error ? error.message : String(error)}`;
      throw new AppError('UNAVAILABLE', 'The card issuer is not answering. Please try again shortly.');
    }
    const json = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) {
      const message = json.error?.message ?? `HTTP ${response.status}`;
      if (response.status >= 500 || response.status === 401) {
        lastError = `Stripe answered ${response.status}: ${message}`.slice(0, 200);
        throw new AppError('UNAVAILABLE', 'The card issuer is not answering. Please try again shortly.');
      }
      throw new AppError('BUSINESS_RULE', `The card issuer refused: ${message}`.slice(0, 300));
    }
    lastError = null;
    return json;
  }

  async function cardholderFor(request: IssueRequest): Promise<string> {
    if (request.holder.cardholderId) return request.holder.cardholderId;
    const address = request.address!;
    const holder = await call<{ id: string }>(
      'POST',
      '/v1/issuing/cardholders',
      {
        type: 'individual',
        name: request.holder.name,
        email: request.holder.email,
        billing: {
          address: {
            line1: address.line1,
            city: address.city,
            postal_code: address.postalCode,
            country: address.country,
          },
        },
      },
      `cardholder-${request.cardId}`,
    );
    return holder.id;
  }

  return {
    name: 'stripe',
    async issue(request) {
      if (!request.address && !request.holder.cardholderId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Stripe Issuing needs the cardholder’s address for the first card',
          { shippingAddress: 'Required for the first Stripe card' },
        );
      }
      const cardholder = await cardholderFor(request);
      const physical = request.type === 'physical';
      const card = await call<StripeCard>(
        'POST',
        '/v1/issuing/cards',
        {
          cardholder,
          currency: request.currency.toLowerCase(),
          type: request.type,
          status: physical ? 'inactive' : 'active',
          ...(physical &&
            request.address && {
              shipping: {
                name: request.address.name,
                address: {
                  line1: request.address.line1,
                  city: request.address.city,
                  postal_code: request.address.postalCode,
                  country: request.address.country,
                },
              },
            }),
          ...(request.monthlyLimit && {
            spending_controls: {
              spending_limits: { 0: { amount: String(request.monthlyLimit.minor), interval: 'monthly' } },
            },
          }),
          metadata: { meridian_card_id: request.cardId },
        },
        `card-${request.cardId}`,
      );
      return {
        providerCardId: card.id,
        providerCardholderId: cardholder,
        last4: card.last4,
        expiryMonth: card.exp_month,
        expiryYear: card.exp_year,
        cardNumber: null,
      };
    },
    async setStatus(providerCardId, status) {
      await call('POST', `/v1/issuing/cards/${encodeURIComponent(providerCardId)}`, { status });
    },
    async reveal(providerCardId): Promise<RevealedCard> {
      const card = await call<StripeCard>(
        'GET',
        `/v1/issuing/cards/${encodeURIComponent(providerCardId)}?expand[]=number&expand[]=cvc`,
      );
      if (!card.number || !card.cvc) {
        throw new AppError('UNAVAILABLE', 'The card issuer did not return the card details');
      }
      return {
        cardNumber: card.number,
        expiryMonth: card.exp_month,
        expiryYear: card.exp_year,
        cvv: card.cvc,
      };
    },
    status: () => ({
      configured: `Stripe Issuing at ${new URL(options.apiBase).host}`,
      ok: lastError === null,
      detail: lastError ?? 'Cards are issued by Stripe Issuing',
    }),
    async probe() {
      await call('GET', '/v1/issuing/cardholders?limit=1');
    },
  };
}
