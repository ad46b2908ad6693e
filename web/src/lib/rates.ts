import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import type { ExchangeRates, RateQuote } from '@contract/rates';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The exchange-rate reads several screens share (dashboard, converter, send money). One definition each, so
 * screens that show the same figure share one cached answer under one key and Refresh Rates reaches them all.
 */

/** GET /api/exchange-rates: coins in USD and USD to every fiat; polled every 30 s. */
export const getExchangeRates = (signal?: AbortSignal) =>
  api.get<ExchangeRates>('/api/exchange-rates', signal);

export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.exchangeRates, 'overview'],
    queryFn: ({ signal }) => getExchangeRates(signal),
    refetchInterval: 30_000,
  });

export const useExchangeRates = () => useQuery(exchangeRatesQueryOptions());

/** GET /api/exchange-rates?from=&to=: one pair's live rate. */
export const getRate = (from: Currency, to: Currency, signal?: AbortSignal) =>
  api.get<RateQuote>(`/api/exchange-rates?${new URLSearchParams({ from, to })}`, signal);

/**
 * One pair, polled every `refetchIntervalMs`: the converter's rate panel every 5 s, the transfer screen every
 * 30 s. Switching pairs keeps the old figure on screen (marked as updating) instead of flashing
 * a skeleton.
 */
export const rateQueryOptions = (from: Currency, to: Currency, refetchIntervalMs: number) =>
  queryOptions({
    queryKey: [...queryKeys.exchangeRates, 'pair', from, to],
    queryFn: ({ signal }) => getRate(from, to, signal),
    refetchInterval: refetchIntervalMs,
    placeholderData: keepPreviousData,
  });
