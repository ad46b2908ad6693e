import { useMutation } from '@tanstack/react-query';
import type { VerifyResult } from '@contract/statements';
import { api } from '@web/lib/api-client';

/** GET /api/statements/verify, run when asked ("Check the chain"): it recomputes every closed statement. */
export const useVerifyStatements = () =>
  useMutation({ mutationFn: () => api.get<VerifyResult>('/api/statements/verify') });
