import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import { rateQueryOptions } from '@web/lib/rates';

/** The converter's current-rate panel, polled every 5 s. */
export const useRate = (from: Currency, to: Currency) => useQuery(rateQueryOptions(from, to, 5_000));
