import { currencyCodes, type Currency } from '@contract/currencies';

/**
 * The JSON a live rates feed must return: USD-based rates, i.e. how many units of each currency one US
 * dollar buys, the shape most public FX APIs share:
 *
 *   { "base": "USD", "rates": { "EUR": 0.9233, "GBP": 0.7937, "JPY": 149.2, "BTC": 0.0000353 } }
 *
 * `base` is optional but must be USD when present. Currencies Meridian does not support are ignored;
 * supported ones that are missing (many fiat feeds carry no crypto) come from the simulated market.
 */
export interface UsdRatesFeed {
  /** Units of the currency per 1 USD, for each supported currency the feed carried (USD itself excluded). */
  unitsPerUsd: Partial<Record<Currency, number>>;
  missing: Currency[];
}

class InvalidFeedError extends Error {
  override name = 'InvalidFeedError';
}

const quotedCurrencies = currencyCodes.filter((code) => code !== 'USD');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a parsed response body; throws InvalidFeedError saying what is wrong. */
function parseUsdRatesFeed(body: unknown): UsdRatesFeed {
  if (!isRecord(body) || !isRecord(body.rates))
    throw new InvalidFeedError('no "rates" object in the response');
  if (body.base !== undefined && body.base !== 'USD') {
    throw new InvalidFeedError(`rates are based on ${String(body.base)}, expected USD`);
  }
  const rates = body.rates;
  const unitsPerUsd: Partial<Record<Currency, number>> = {};
  const missing: Currency[] = [];
  for (const currency of quotedCurrencies) {
    const value = rates[currency];
    if (value === undefined || value === null) {
      missing.push(currency);
    } else if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
      unitsPerUsd[currency] = value;
    } else {
      // One bad number means the feed cannot be trusted for the others either.
      throw new InvalidFeedError(`rate for ${currency} is not a positive number`);
    }
  }
  if (missing.length === quotedCurrencies.length)
    throw new InvalidFeedError('no supported currency in "rates"');
  return { unitsPerUsd, missing };
}

/** GETs and validates the feed once; rejects with a reason `describeFeedFailure` can put into words. */
export async function fetchUsdRatesFeed(url: string, timeoutMs: number): Promise<UsdRatesFeed> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new InvalidFeedError(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new InvalidFeedError('response is not JSON');
  }
  return parseUsdRatesFeed(body);
}

/** A short reason for logs and the status page; never the URL, which may carry an API key. */
export function describeFeedFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof InvalidFeedError) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s`;
  // Node's fetch wraps network failures as TypeError('fetch failed') with the system error as `cause`.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `unreachable (${cause.code})`;
  return error instanceof Error ? error.message : String(error);
}
