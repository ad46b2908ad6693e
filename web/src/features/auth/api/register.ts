import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

export const register = (body: RegisterBody) => api.post<UserResponse>('/api/auth/register', body);

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => signedIn(user) });
}
