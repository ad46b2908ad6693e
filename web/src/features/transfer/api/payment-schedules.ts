import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePaymentScheduleBody,
  PaymentRun,
  PaymentSchedule,
  UpdatePaymentScheduleBody,
} from '@contract/payment-schedules';
import { api, apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { moneyFigureKeys } from '@web/lib/query-keys';

export const paymentScheduleKeys = {
  all: ['payment-schedules'] as const,
  runs: (id: string) => ['payment-schedules', id, 'runs'] as const,
};
const path = (id: string) => `/api/payment-schedules/${encodeURIComponent(id)}`;

/**
 * The job pays on its own, so the list is asked again now and then while the page is open: a run paid or
 * failed shows without a reload (a minute is soon enough for a payment counted in days).
 */
const REFRESH_MS = 60_000;

/** GET /api/payment-schedules: the owner's scheduled payments. */
export const usePaymentSchedules = () =>
  useQuery({
    queryKey: paymentScheduleKeys.all,
    queryFn: ({ signal }) => api.get<PaymentSchedule[]>('/api/payment-schedules', signal),
    refetchInterval: REFRESH_MS,
  });

/** GET /api/payment-schedules/{id}/runs: what each period came to, newest first. */
export const usePaymentRuns = (id: string) =>
  useQuery({
    queryKey: paymentScheduleKeys.runs(id),
    queryFn: ({ signal }) => api.get<PaymentRun[]>(`${path(id)}/runs`, signal),
  });

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
