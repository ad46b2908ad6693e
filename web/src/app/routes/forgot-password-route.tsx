import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../use-document-title';
import { StandalonePage } from './standalone-page';

/** "Forgot password?" from the sign-in dialog: asks for a link to choose a new password. */
export function ForgotPasswordRoute() {
  useDocumentTitle('Reset your password');
  return (
    <StandalonePage title="Reset your password" description="We will email you a link to choose a new one.">
      <ForgotPasswordForm />
    </StandalonePage>
  );
}
