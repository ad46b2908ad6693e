import { randomInt } from 'node:crypto';

/** The Luhn check digit of `digits` (the number without its last digit). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts from the digit next to the check digit, i.e. the rightmost of `digits`.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const isLuhnValid = (number: string) =>
  /^\d{12,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1));

/**
 * The demo issuer's range: Visa's test prefix 400000, never a real card. 16 digits: the prefix, 9 random
 * digits, the Luhn check digit.
 */
export const DEMO_CARD_PREFIX = '400000';

export function demoCardNumber(): string {
  let body = DEMO_CARD_PREFIX;
  while (body.length < 15) body += String(randomInt(10));
  return `${body}${luhnCheckDigit(body)}`;
}
