import type { SessionResponse, User } from '@contract/auth';
import { api } from '@web/lib/api-client';

/**
 * The signed-in user, or null when signed out. Asked of /api/auth/session, which answers a signed-out visitor
 * with 200 and `user: null`: /api/auth/me's 401 would show as a red error in every visitor's console.
 * Apart from get-me.ts (its query) because the prerendered landing page asks it without TanStack Query.
 */
export async function getSessionUser(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api.get<SessionResponse>('/api/auth/session', signal);
  return user;
}
