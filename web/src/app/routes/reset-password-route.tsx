import { MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { useDocumentTitle } from '../use-document-title';
import { StandalonePage } from './standalone-page';

/** Where the link in a password-reset email lands (`/reset-password?token=…`), signed in or not. */
export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <StandalonePage
      title="Choose a new password"
      description="Every browser signed in to your account will be signed out."
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <EmptyState
          icon={MailX}
          title="This link is incomplete"
          description="Open the whole link from the email, or ask for a new one."
          action={
            <Button asChild>
              <a href="/forgot-password">Ask for a new link</a>
            </Button>
          }
        />
      )}
    </StandalonePage>
  );
}
