import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { invoiceLanguages, messageCatalogues, translatorFor } from './i18n';
import { Money } from './money';

/** The names of a message's arguments ({number}, {days, plural, …}), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
  }
  return names;
}

describe('message catalogues', () => {
  const reference = messageCatalogues.en;

  it.each(invoiceLanguages)('%s has exactly the English keys, each taking the same arguments', (language) => {
    const catalogue = messageCatalogues[language];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
    for (const [id, message] of Object.entries(catalogue)) {
      const english = reference[id as keyof typeof reference];
      expect([...argumentsOf(parse(message))].sort(), `${language} ${id}`).toEqual(
        [...argumentsOf(parse(english))].sort(),
      );
    }
  });

  it('names the invoice in each language', () => {
    expect(invoiceLanguages.map((language) => translatorFor(language).t('invoice.title'))).toEqual([
      'Invoice',
      'Rechnung',
      'Facture',
      'Factura',
    ]);
  });

  it('fills plurals in the language', () => {
    const late = (language: 'en' | 'de', days: number) =>
      translatorFor(language).t('reminder.late', { number: 'N', email: 'e', dueDate: 'd', days });
    expect(late('en', 1)).toContain('(1 day ago)');
    expect(late('en', 7)).toContain('(7 days ago)');
    expect(late('de', 1)).toContain('(vor 1 Tag)');
    expect(late('de', 7)).toContain('(vor 7 Tagen)');
  });
});

describe('numbers, money and dates in the locale', () => {
  const nbsp = '\u00a0';
  const narrow = '\u202f';

  it('formats amounts from their decimal strings, exactly', () => {
    expect(translatorFor('de').amount('1234.50', 'EUR')).toBe(`1.234,50${nbsp}€`);
    expect(translatorFor('fr').amount('1234.50', 'EUR')).toBe(`1${narrow}234,50${nbsp}€`);
    expect(translatorFor('es').amount('12345.50', 'EUR')).toBe(`12.345,50${nbsp}€`);
    expect(translatorFor('en').amount('1234.50', 'USD')).toBe('$1,234.50');
    // Past what a float holds exactly: the digits come through as sent.
    expect(translatorFor('de').amount('4999999999999.99', 'EUR')).toBe(`4.999.999.999.999,99${nbsp}€`);
    expect(translatorFor('de').money(Money.of(123450n, 'GBP'))).toBe(`1.234,50${nbsp}£`);
    expect(translatorFor('en').amount('1050', 'JPY')).toBe('¥1,050');
  });

  it('writes BTC and ETH with their 8 decimals in the locale and the code after', () => {
    expect(translatorFor('de').amount('1234.5', 'BTC')).toBe(`1.234,50000000${nbsp}BTC`);
    expect(translatorFor('en').amount('0.25', 'ETH')).toBe(`0.25000000${nbsp}ETH`);
    expect(translatorFor('fr').amount('0.00000001', 'BTC')).toBe(`0,00000001${nbsp}BTC`);
  });

  it('shows a malformed amount as sent rather than guessing', () => {
    expect(translatorFor('de').amount('12,50', 'EUR')).toBe('12,50 EUR');
  });

  it('formats decimals and calendar days (UTC) in the locale', () => {
    expect(translatorFor('de').decimal('8.25')).toBe('8,25');
    expect(translatorFor('en').decimal('2.5')).toBe('2.5');
    expect(translatorFor('de').day('2026-11-19')).toBe('19. November 2026');
    expect(translatorFor('fr').day('2026-11-19T23:59:59.000Z')).toBe('19 novembre 2026');
    expect(translatorFor('es').day('2026-01-02')).toBe('2 de enero de 2026');
    expect(translatorFor('en').day('2026-11-19')).toBe('November 19, 2026');
  });
});
