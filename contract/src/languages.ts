/**
 * The languages an invoice can speak to its client: its PDF, its emails and its pay page. The catalogues
 * (locales/*.json) and the formatting that goes with each are in i18n.ts; this file stays free of them so that
 * a schema can name the languages without bringing the catalogues along.
 */
export const invoiceLanguages = ['en', 'de', 'fr', 'es'] as const;
export type InvoiceLanguage = (typeof invoiceLanguages)[number];

/** Each language as its owner picks it: the English name, and the name its speakers know it by. */
export const invoiceLanguageNames: Record<InvoiceLanguage, string> = {
  en: 'English',
  de: 'German (Deutsch)',
  fr: 'French (Français)',
  es: 'Spanish (Español)',
};
