import { useMutation } from '@tanstack/react-query';
import type { Conversion, ConvertBody } from '@contract/fx';
import { api } from '@web/lib/api-client';

/** POST /api/convert/quote: what converting would give right now, fee included. Nothing moves. */
export const getQuote = (body: ConvertBody) => api.post<Conversion>('/api/convert/quote', body);

/** A mutation, not a query: a quote is asked for when the person presses Convert Now, never cached. */
export const useQuote = () => useMutation({ mutationFn: getQuote });
