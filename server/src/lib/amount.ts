import type { Currency } from '@contract/currencies';
import { InvalidAmountError, Money } from '@contract/money';
import { invalidFields } from './errors';

/**
 * A request's amount as Money, checked against the currency's scale (which zod cannot know when the currency
 * comes from a wallet in the database). Anything wrong is a 400 naming the field.
 */
export function parseRequestAmount(decimal: string, currency: Currency, field = 'amount'): Money {
  try {
    const money = Money.parse(decimal, currency);
    if (!money.isPositive()) throw new InvalidAmountError('Amount must be greater than 0');
    return money;
  } catch (error) {
    if (!(error instanceof InvalidAmountError)) throw error;
    throw invalidFields({ [field]: error.message });
  }
}
