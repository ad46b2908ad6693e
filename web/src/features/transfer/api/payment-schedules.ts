import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_SCHEDULES_PAGE_DEFAULT,
  type CreatePaymentScheduleBody,
  type PaymentRun,
  type PaymentSchedule,
  type UpdatePaymentScheduleBody,
} from '@contract/payment-schedules';
import { NEXT_CURSOR_HEADER } from '@contract/transactions';
import { api, apiRequest, apiRequestWithHeaders } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { moneyFigureKeys } from '@web/lib/query-keys';

export const paymentScheduleKeys = {
  all: ['payment-schedules'] as const,
  list: ['payment-schedules', 'list'] as const,
  runs: (id: string) => ['payment-schedules', id, 'runs'] as const,
};
const path = (id: string) => `/api/payment-schedules/${encodeURIComponent(id)}`;

/**
 * The job pays on its own, so the list is asked again now and then while the page is open: a run paid or
 * failed shows without a reload (a minute is soon enough for a payment counted in days).
 */
const REFRESH_MS = 60_000;

interface Page<T> {
  items: T[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/** One page of a paged list: a plain array, the next page's cursor in the X-Next-Cursor header. */
async function getPage<T>(url: string, cursor: string | null, signal: AbortSignal): Promise<Page<T>> {
  const params = new URLSearchParams({ limit: String(PAYMENT_SCHEDULES_PAGE_DEFAULT) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders<T[]>(`${url}?${params}`, { signal });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The pages loaded so far, as one list; `fetchNextPage` loads the next (the "Show more" button). */
const pagedList = <T>(key: readonly unknown[], url: string, refetchInterval?: number) => ({
  queryKey: key,
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    getPage<T>(url, pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page: Page<T>) => page.nextCursor,
  select: (data: { pages: Page<T>[] }) => data.pages.flatMap((page) => page.items),
  ...(refetchInterval && { refetchInterval }),
});

/** GET /api/payment-schedules: the owner's scheduled payments, newest first, a page at a time. */
export const usePaymentSchedules = () =>
  useInfiniteQuery(
    pagedList<PaymentSchedule>(paymentScheduleKeys.list, '/api/payment-schedules', REFRESH_MS),
  );

/** GET /api/payment-schedules/{id}/runs: what each period came to, newest first, a page at a time. */
export const usePaymentRuns = (id: string) =>
  useInfiniteQuery(pagedList<PaymentRun>(paymentScheduleKeys.runs(id), `${path(id)}/runs`));

/**
 * A schedule changing changes what is ahead (the dashboard's forecast reads schedules) and, when a resumed
 * run pays at once, the balances: refresh the schedules and every money figure.
 */
function useRefreshSchedules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: paymentScheduleKeys.all });
    for (const queryKey of moneyFigureKeys) void queryClient.invalidateQueries({ queryKey });
  };
}

export interface CreatePaymentScheduleInput {
  body: CreatePaymentScheduleBody;
  /** One per submitted body; the same one when that body is sent again after a lost answer. */
  idempotencyKey: string;
}

/** POST /api/payment-schedules. */
export function useCreatePaymentSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreatePaymentScheduleInput) =>
      apiRequest<PaymentSchedule>('/api/payment-schedules', {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: refresh,
  });
}

/** PATCH /api/payment-schedules/{id}: what the runs still to come pay. */
export function useUpdatePaymentSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePaymentScheduleBody }) =>
      api.patch<PaymentSchedule>(path(id), body),
    onSuccess: refresh,
  });
}

export type PaymentScheduleAction = 'pause' | 'resume' | 'cancel';

/** POST /{id}/pause, POST /{id}/resume, DELETE /{id} (cancel: the schedule and its runs stay as history). */
export function usePaymentScheduleAction() {
  const refresh = useRefreshSchedules();
  return useMutation({
    // Cancel's answer is not read (it may be empty): the list is fetched again either way.
    mutationFn: ({ id, action }: { id: string; action: PaymentScheduleAction }) =>
      action === 'cancel'
        ? api.delete<PaymentSchedule | undefined>(path(id))
        : api.post<PaymentSchedule>(`${path(id)}/${action}`),
    onSuccess: refresh,
  });
}
