import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { currencies, type Currency } from './currencies';
import type { InvoiceLanguage } from './languages';
import type { Money } from './money';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

export { invoiceLanguages, invoiceLanguageNames, type InvoiceLanguage } from './languages';

/**
 * What an invoice says to its client (PDF, emails, pay page), in the client's language. The words are ICU
 * messages in locales/<language>.json, one catalogue per language with the same keys (English is the
 * reference: a key missing from another catalogue fails the type check and the parity test); numbers, money
 * and dates are formatted here in the language's locale, never in the messages' own code.
 */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

const catalogues: Record<InvoiceLanguage, Record<MessageId, string>> = { en, de, fr, es };

/** The locale each language formats in: the country whose conventions its speakers expect most often. */
export const localeOf: Record<InvoiceLanguage, string> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
};

export interface Translator {
  language: InvoiceLanguage;
  locale: string;
  intl: IntlShape;
  /** A message of the catalogue with its values filled in. */
  t(id: MessageId, values?: MessageValues): string;
  /** Money in the locale: "1.234,50 €"; BTC and ETH (not ISO currencies) with their 8 decimals and the code after. */
  money(money: Money): string;
  /** A wire amount ("1234.50") of `currency`, exactly as `money` shows it (anything else is shown as sent). */
  amount(decimal: string, currency: Currency): string;
  /** A plain decimal ("8.25", a tax rate) in the locale: "8,25". */
  decimal(decimal: string): string;
  /** A calendar day of an ISO date or timestamp, in UTC: "19. November 2026". */
  day(iso: string): string;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const cache = createIntlCache();
const translators = new Map<InvoiceLanguage, Translator>();

/** The translator of a language (made once per process, then shared: every formatter in it is cached). */
export function translatorFor(language: InvoiceLanguage): Translator {
  const known = translators.get(language);
  if (known) return known;
  const locale = localeOf[language];
  const intl = createIntl(
    { locale, messages: catalogues[language], defaultLocale: 'en-US', timeZone: 'UTC' },
    cache,
  );
  const amount = (decimal: string, currency: Currency) => {
    if (!DECIMAL.test(decimal)) return `${decimal} ${currency}`;
    const scale = currencies[currency].scale;
    const digits = { minimumFractionDigits: scale, maximumFractionDigits: scale };
    // A numeric string is formatted exactly (Intl.NumberFormat v3): no float between the minor units and the page.
    const exact = decimal as `${number}`;
    if (currencies[currency].kind === 'crypto') {
      return `${intl.formatNumber(exact, digits)}\u00a0${currency}`;
    }
    return intl.formatNumber(exact, { style: 'currency', currency, ...digits });
  };
  const translator: Translator = {
    language,
    locale,
    intl,
    t: (id, values) => intl.formatMessage({ id }, values),
    money: (value) => amount(value.format(), value.currency),
    amount,
    decimal: (decimal) =>
      DECIMAL.test(decimal)
        ? intl.formatNumber(decimal as `${number}`, { maximumFractionDigits: 20 })
        : decimal,
    day: (iso) =>
      intl.formatDate(new Date(`${iso.slice(0, 10)}T00:00:00Z`), {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
  };
  translators.set(language, translator);
  return translator;
}

/** Every catalogue, for the test that keeps their keys the same. */
export const messageCatalogues = catalogues;
