import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateScheduleBody,
  InvoiceSchedule,
  ScheduleInvoice,
  UpdateScheduleBody,
} from '@contract/invoice-schedules';
import { api } from '@web/lib/api-client';
import { invoiceKeys, useRefreshInvoices } from './invoice-keys';

/** Under the invoices' key, so whatever refreshes invoices refreshes the schedules too. */
const scheduleKeys = {
  list: [...invoiceKeys.all, 'schedules'] as const,
  invoices: (id: string) => [...invoiceKeys.all, 'schedules', id, 'invoices'] as const,
};
const path = (id: string) => `/api/invoice-schedules/${encodeURIComponent(id)}`;

/** GET /api/invoice-schedules: the owner's recurring invoices, newest first. */
export const useInvoiceSchedules = () =>
  useQuery({
    queryKey: scheduleKeys.list,
    queryFn: ({ signal }) => api.get<InvoiceSchedule[]>('/api/invoice-schedules', signal),
  });

/** GET /api/invoice-schedules/{id}/invoices: what the schedule made, newest period first. */
export const useScheduleInvoices = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: scheduleKeys.invoices(id),
    queryFn: ({ signal }) => api.get<ScheduleInvoice[]>(`${path(id)}/invoices`, signal),
    enabled,
  });

export function useCreateSchedule() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (body: CreateScheduleBody) => api.post<InvoiceSchedule>('/api/invoice-schedules', body),
    onSuccess: refresh,
  });
}

export function useUpdateSchedule() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateScheduleBody }) =>
      api.patch<InvoiceSchedule>(path(id), body),
    onSuccess: refresh,
  });
}

/** POST /api/invoice-schedules/{id}/pause | resume | stop. */
export function useScheduleAction() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' | 'stop' }) =>
      api.post<InvoiceSchedule>(`${path(id)}/${action}`),
    onSuccess: refresh,
  });
}
