import { useMutation } from '@tanstack/react-query';
import type { LoginBody, UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

export const login = (body: LoginBody) => api.post<UserResponse>('/api/auth/login', body);

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: login, onSuccess: ({ user }) => signedIn(user) });
}
