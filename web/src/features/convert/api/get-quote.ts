import { useMutation } from '@tanstack/react-query';
import type { ConversionQuote, ConvertBody } from '@contract/fx';
import { api } from '@web/lib/api-client';

/** POST /api/convert/quote: what converting would give now, fee included, held for 30 s. Nothing moves. */
export const getQuote = (body: ConvertBody) => api.post<ConversionQuote>('/api/convert/quote', body);

/** A mutation, not a query: a quote is asked for when the person presses Convert Now, never cached. */
export const useQuote = () => useMutation({ mutationFn: getQuote });
