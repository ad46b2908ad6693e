import type { PublicInvoice } from '@contract/invoices';

/**
 * Back from the card processor's page, the client sees "confirming" until the webhook has recorded the
 * payment. The invoice may have been part-paid before, so "paid" is not the sign: the number of payments
 * when the client left is kept for the tab (sessionStorage), and the payment is in once there are more.
 */

/** What the card processor's page sent the client back with: `?card=paid` or `?card=cancelled`. */
export const cardReturn = () => new URLSearchParams(window.location.search).get('card');

/** The checkout the client left without paying (`?card=cancelled&checkout=…`), if the address says. */
export const cancelledCheckout = () =>
  cardReturn() === 'cancelled' ? new URLSearchParams(window.location.search).get('checkout') : null;

const storageKey = (token: string) => `meridian.card-leaving.${token}`;

export function rememberLeaving(token: string, invoice: PublicInvoice) {
  try {
    sessionStorage.setItem(storageKey(token), String(invoice.balance.payments.length));
  } catch {
    // Storage refused (private mode): the page then confirms on the invoice's status alone.
  }
}

/** Whether the page should keep asking for the invoice: back from a card payment not recorded yet. */
export function isConfirming(token: string, invoice: PublicInvoice | undefined): boolean {
  if (cardReturn() !== 'paid' || !invoice || invoice.status === 'paid') return false;
  let before: string | null;
  try {
    before = sessionStorage.getItem(storageKey(token));
  } catch {
    before = null;
  }
  return before === null
    ? invoice.balance.payments.length === 0
    : invoice.balance.payments.length <= Number(before);
}
