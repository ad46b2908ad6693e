import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import { rateQueryOptions } from '@web/lib/rates';

/**
 * The live rate behind "recipient gets" when the currencies differ, on the 30 s poll; the server
 * prices the transfer again when it is sent. Only asks when there is something to convert.
 */
export function useTransferRate(from: Currency | '', to: Currency | '') {
  const needed = from !== '' && to !== '' && from !== to;
  return useQuery({ ...rateQueryOptions(from || 'USD', to || 'EUR', 30_000), enabled: needed });
}
