import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api-client';

/** The probes the server offers today; each integration's own check joins this list as it lands. */
export const probes = [
  { id: 'api', name: 'API server', description: 'Meridian answers requests', path: '/healthz' },
  {
    id: 'database',
    name: 'Database',
    description: 'Accounts and ledger storage is reachable',
    path: '/readyz',
  },
  {
    id: 'email',
    name: 'Email',
    description: 'Verification links and payment notices reach people',
    path: '/api/system/mail',
  },
] as const;

export type ProbeResult = { ok: true; detail: string } | { ok: false; detail: string };

async function runProbe(path: string, signal?: AbortSignal): Promise<ProbeResult> {
  try {
    const body = await api.get<{ status: string; database?: string; detail?: string }>(path, signal);
    return {
      ok: body.status === 'ok',
      detail: body.detail ?? (body.database ? `Connected (${body.database})` : 'Operational'),
    };
  } catch (error) {
    return { ok: false, detail: error instanceof ApiError ? error.message : 'Unreachable' };
  }
}

const probeQueryOptions = (probe: (typeof probes)[number]) =>
  queryOptions({
    queryKey: ['system-status', probe.id],
    queryFn: ({ signal }) => runProbe(probe.path, signal),
  });

export const useProbes = () => useQueries({ queries: probes.map(probeQueryOptions) });
