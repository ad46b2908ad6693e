import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@contract/auth';
import { startSessionCache } from '@web/lib/query-client';

/** After any way of signing in: start from a clean cache holding the new user, then open the dashboard. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: User) => {
    startSessionCache(queryClient, user);
    void navigate('/dashboard', { replace: true });
  };
}
