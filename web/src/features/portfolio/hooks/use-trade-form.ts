import { useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TradeQuote, TradingOrder } from '@contract/trading';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage, type ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/form-errors';
import { useTradeQuote } from '../api/get-trade-quote';
import {
  emptyTradeForm,
  isMissingInformation,
  tradeFormSchema,
  type TradeFormInput,
  type TradeOrder,
} from '../lib/trade-form';
import { placedToast } from '../lib/trade-text';

/** The order under review: a market order with its held quote, or a limit order (priced on the client). */
export type TradeReview =
  | { kind: 'market'; order: TradeOrder; quote: TradeQuote }
  | { kind: 'limit'; order: TradeOrder & { price: string } };

export const TRADE_FAILED = {
  title: 'Trade Failed',
  description: 'There was an error executing your trade.',
} as const;

const formFields = ['type', 'asset', 'quantity', 'price'] as const;

/**
 * The Trade tab's state: the form, Review order (which asks for a quote for a market order), the order under
 * review, and what happens when the server answers. `quantityRef` is where focus goes after a trade.
 */
export function useTradeForm(quantityRef: RefObject<HTMLInputElement | null>) {
  const form = useForm<TradeFormInput, unknown, TradeOrder>({
    resolver: zodResolver(tradeFormSchema),
    defaultValues: emptyTradeForm(),
  });
  const quote = useTradeQuote();
  const [review, setReview] = useState<TradeReview | null>(null);
  const justPlaced = useRef(false);

  const submit = form.handleSubmit(
    (order) => {
      const { price } = order;
      if (price !== null) {
        setReview({ kind: 'limit', order: { ...order, price } });
        return;
      }
      const { type, asset, quantity } = order;
      quote.mutate(
        { type, asset, quantity },
        {
          onSuccess: (held) => setReview({ kind: 'market', order, quote: held }),
          onError: (error) => {
            applyServerErrors(error, form.setError, formFields);
            const description = friendlyErrorMessage(error, TRADE_FAILED.description);
            toast({ variant: 'destructive', title: TRADE_FAILED.title, description });
          },
        },
      );
    },
    (errors) => {
      if (!isMissingInformation(errors)) return;
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
    },
  );

  const placed = (order: TradingOrder) => {
    justPlaced.current = true;
    setReview(null);
    form.reset(emptyTradeForm());
    toast(placedToast(order));
  };

  /** The server refused the order (4xx): the dialog closes and the form shows any field problems it named. */
  const refused = (error: ApiError) => {
    setReview(null);
    applyServerErrors(error, form.setError, formFields);
  };

  /** After a trade the form is empty again: focus goes to the quantity for the next one. */
  const focusAfterReview = (event: Event) => {
    if (!justPlaced.current) return;
    justPlaced.current = false;
    event.preventDefault();
    quantityRef.current?.focus();
  };

  return {
    form,
    submit,
    quoting: quote.isPending,
    review,
    cancelReview: () => setReview(null),
    placed,
    refused,
    focusAfterReview,
  };
}
