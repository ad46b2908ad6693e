import { useContext, useState, type ComponentProps } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { AuthDialog } from '@web/features/auth/components/auth-dialog';
import { createQueryClient } from '@web/lib/query-client';

/**
 * The sign-in dialog as the landing page loads it, on first use. Inside the app it shares the app's query
 * client; on the prerendered landing page there is none (that page ships without TanStack Query), so the
 * dialog brings its own, and TanStack Query arrives with it.
 */
export function LandingAuthDialog(props: ComponentProps<typeof AuthDialog>) {
  const appClient = useContext(QueryClientContext);
  const [client] = useState(() => appClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthDialog {...props} />
    </QueryClientProvider>
  );
}
