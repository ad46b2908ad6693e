import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@web/lib/api-client';
import { startSessionCache } from '@web/lib/query-client';
import { noteSignOut } from '../lib/return-to';

export const logout = () => api.post<void>('/api/auth/logout');

/** Ends the session, forgets everything cached for this user and returns to the landing page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Even if the call failed (session already gone, network), this browser should look signed out.
      noteSignOut(true);
      startSessionCache(queryClient, null);
      void navigate('/', { replace: true });
    },
  });
}
