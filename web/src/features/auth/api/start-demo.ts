import type { UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';

/** A fresh demo account with its own data, signed in at once. */
export const startDemo = () => api.post<UserResponse>('/api/auth/demo');
