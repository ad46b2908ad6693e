/**
 * Where a test purchase can say it happened: the countries freelancers most often buy from, by ISO 3166 code
 * (what the API takes), named in English by the browser's own Intl data rather than a table of our own.
 */
export const purchaseCountryCodes = [
  'AU',
  'AT',
  'BE',
  'BR',
  'CA',
  'CN',
  'DK',
  'FI',
  'FR',
  'DE',
  'GR',
  'HK',
  'IN',
  'IE',
  'IL',
  'IT',
  'JP',
  'MX',
  'NL',
  'NZ',
  'NO',
  'PL',
  'PT',
  'SG',
  'ZA',
  'KR',
  'ES',
  'SE',
  'CH',
  'TH',
  'TR',
  'AE',
  'GB',
  'US',
] as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The codes with their names, sorted by name ("Australia", …, "United States"). */
export const purchaseCountries = purchaseCountryCodes
  .map((code) => ({ code, name: regionNames.of(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
