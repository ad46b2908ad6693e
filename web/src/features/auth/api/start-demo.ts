import { useMutation } from '@tanstack/react-query';
import type { UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

/** A fresh demo account with its own data, signed in at once. */
export const startDemo = () => api.post<UserResponse>('/api/auth/demo');

export function useStartDemo() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: startDemo, onSuccess: ({ user }) => signedIn(user) });
}
