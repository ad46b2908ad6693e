import type { Card, CardControls, CardLimits, MerchantCategory, ShippingAddress } from '@contract/cards';
import { Money } from '@contract/money';
import type { CardRow } from '../../db/schema';

export interface CardSpending {
  daily: bigint;
  monthly: bigint;
  atm: bigint;
}

/** `•••• 4242`: the only form of a card number outside reveal. */
export const maskedNumber = (last4: string) => `•••• ${last4}`;

export function controlsOf(row: CardRow): CardControls {
  return {
    online: Number(row.allow_online) === 1,
    contactless: Number(row.allow_contactless) === 1,
    atm: Number(row.allow_atm) === 1,
    international: Number(row.allow_international) === 1,
    blockedCategories: JSON.parse(row.blocked_categories) as MerchantCategory[],
  };
}

export function limitsOf(row: CardRow): CardLimits {
  const text = (minor: bigint | null) =>
    minor === null ? null : Money.of(BigInt(minor), row.currency).format();
  return {
    perPayment: text(row.limit_per_payment),
    daily: text(row.limit_daily),
    monthly: text(row.limit_monthly),
    atm: text(row.limit_atm),
  };
}

export function toCard(row: CardRow & { balance: bigint | null }, spent: CardSpending): Card {
  const money = (minor: bigint) => Money.of(minor, row.currency).format();
  return {
    id: row.id,
    stripeCardId: row.provider_card_id,
    provider: row.provider,
    cardType: row.card_type,
    cardNumber: maskedNumber(row.last4),
    last4: row.last4,
    expiryMonth: Number(row.expiry_month),
    expiryYear: Number(row.expiry_year),
    currency: row.currency,
    balance: money(BigInt(row.balance ?? 0n)),
    status: row.status,
    isActive: row.status === 'active',
    controls: controlsOf(row),
    limits: limitsOf(row),
    spent: { daily: money(spent.daily), monthly: money(spent.monthly), atm: money(spent.atm) },
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as ShippingAddress) : null,
    createdAt: row.created_at,
  };
}
