import { useMutation } from '@tanstack/react-query';
import type { TradeQuote, TradeQuoteBody } from '@contract/trading';
import { api } from '@web/lib/api-client';

/** POST /api/trade/quote: what a market order costs right now, its price held until `expiresAt`. */
export const getTradeQuote = (body: TradeQuoteBody) => api.post<TradeQuote>('/api/trade/quote', body);

/** A mutation, not a query: a quote is asked for on Review order (and when one runs out), never cached. */
export const useTradeQuote = () => useMutation({ mutationFn: getTradeQuote });
