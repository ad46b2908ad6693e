import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyList, WebAuthnOptions } from '@contract/passkeys';
import { api } from '@web/lib/api-client';
import { passkeysUnsupported } from '@web/lib/passkey-errors';

const passkeysKey = ['user', 'passkeys'] as const;

/** GET /api/auth/passkeys: the account's passkeys, newest first. */
export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.get<PasskeyList>('/api/auth/passkeys', signal),
  });

/**
 * Adding one: the password asked again for the options, the browser's prompt to make the passkey, then the
 * server checks it and keeps it under the name given.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) throw new Error(passkeysUnsupported);
      const options = await api.post<WebAuthnOptions>('/api/auth/passkeys/registration/options', {
        password,
      });
      const response = await startRegistration({ optionsJSON: options as never });
      return api.post<Passkey>('/api/auth/passkeys/registration', { name, response });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** PATCH /api/auth/passkeys/{id}. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<Passkey>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** DELETE /api/auth/passkeys/{id}: that passkey signs in no more, at once. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
