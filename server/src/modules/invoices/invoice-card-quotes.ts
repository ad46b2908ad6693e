import { kindOf, type Currency } from '@contract/currencies';
import { formatAmount, Money } from '@contract/money';
import { priceCardCharge } from '@contract/pricing';
import type { CardQuote } from '@contract/payments';
import type { InvoiceRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { quotedRate } from '../fx/fx-math';
import { issueQuote, redeemQuote } from '../quotes/quotes';
import type { InvoicesDeps } from './invoice-context';
import { assertPayable, isOpenForPayment, paymentAmountOf } from './payment-rules';
import * as repo from './invoices.repository';

/**
 * A BTC/ETH invoice paid by card: cards are charged in fiat, so the pay page shows the fiat amount at a quote
 * held for the converter's window (QUOTE_TTL_SECONDS); a checkout opened in time charges exactly it, and the
 * owner receives exactly the invoice's crypto amount whatever the market does until the card is charged.
 * The fiat is the owner's home currency when it is fiat, else US dollars. Quotes are the owner's (the client
 * has no account), kind `card`, for this invoice and fiat.
 */
const fiatOf = (invoice: InvoiceRow): Currency =>
  kindOf(invoice.home_currency) === 'fiat' ? invoice.home_currency : 'USD';

// The quote holds for this invoice, this fiat and this crypto amount: a checkout for another amount needs its own.
const quoteTermsOf = (invoice: InvoiceRow, amount: Money) => ({
  invoiceId: invoice.id,
  currency: fiatOf(invoice),
  amount: String(amount.minor),
});

/** An open invoice behind a pay link, for a card payment (404, 409 otherwise). */
export async function payableByCard(deps: InvoicesDeps, token: string, payerId?: string) {
  if (!deps.payments.takesCards) {
    throw new AppError('FORBIDDEN', 'This server takes no card payments: pay as the invoice says');
  }
  const invoice = await repo.findByPayToken(deps.db, token);
  if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
  if (payerId === invoice.user_id) {
    throw new AppError('BUSINESS_RULE', 'This is your own invoice: only your client can pay it');
  }
  if (!isOpenForPayment(invoice)) {
    throw new AppError('CONFLICT', `Invoice ${invoice.number} is already paid`);
  }
  return invoice;
}

/** The fiat price of paying `asked` (default: what is due now) of a crypto invoice by card, held. */
export async function quoteCardPayment(
  deps: InvoicesDeps,
  token: string,
  asked?: string,
): Promise<CardQuote> {
  const invoice = await payableByCard(deps, token);
  if (kindOf(invoice.currency) === 'fiat') {
    throw new AppError(
      'BUSINESS_RULE',
      `An invoice in ${invoice.currency} is charged in ${invoice.currency}`,
    );
  }
  const fiat = fiatOf(invoice);
  const total = paymentAmountOf(invoice, asked);
  assertPayable(invoice, total);
  const rate = quotedRate((await deps.rates.getRate(invoice.currency, fiat)).rate);
  const price = priceCardCharge(total, fiat, rate);
  const { quoteId, expiresAt } = await issueQuote(deps.db, {
    userId: invoice.user_id,
    kind: 'card',
    terms: quoteTermsOf(invoice, total),
    price: String(price.minor),
  });
  return {
    quoteId,
    amount: formatAmount(price.minor, fiat),
    currency: fiat,
    cryptoAmount: formatAmount(total.minor, total.currency),
    cryptoCurrency: total.currency,
    expiresAt,
  };
}

/** The fiat a quote holds, used up (an expired or used quote is a 409 QUOTE_EXPIRED: ask for a new one). */
export function chargeAtQuote(deps: InvoicesDeps, invoice: InvoiceRow, amount: Money, quoteId: string) {
  return async () => {
    const price = await redeemQuote(deps.db, {
      userId: invoice.user_id,
      kind: 'card',
      quoteId,
      terms: quoteTermsOf(invoice, amount),
    });
    return Money.of(BigInt(price), fiatOf(invoice));
  };
}
