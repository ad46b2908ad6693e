import { useState } from 'react';
import { AuthDialog, type AuthMode } from '@web/features/auth/components/auth-dialog';
import { DemoButton } from '@web/features/auth/components/demo-button';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { useDocumentTitle } from '../use-document-title';

export function LandingRoute() {
  useDocumentTitle('Banking for freelancers');
  const [dialog, setDialog] = useState<{ open: boolean; mode: AuthMode; email: string }>({
    open: false,
    mode: 'register',
    email: '',
  });

  return (
    <>
      <LandingPage
        onSignIn={() => setDialog({ open: true, mode: 'sign-in', email: '' })}
        onGetStarted={(email = '') => setDialog({ open: true, mode: 'register', email })}
        renderDemoButton={(props) => <DemoButton {...props} />}
      />
      <AuthDialog
        open={dialog.open}
        mode={dialog.mode}
        email={dialog.email}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onModeChange={(mode) => setDialog((current) => ({ ...current, mode }))}
      />
    </>
  );
}
