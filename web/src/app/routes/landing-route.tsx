import { lazy, Suspense, useState } from 'react';
import type { AuthMode } from '@web/features/auth/components/auth-dialog';
import { DemoButton } from '@web/features/auth/components/demo-button';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { useDocumentTitle } from '../use-document-title';

// The forms (react-hook-form, dialog) load just after the page paints, not before it.
const AuthDialog = lazy(() =>
  import('@web/features/auth/components/auth-dialog').then((m) => ({ default: m.AuthDialog })),
);

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
      <Suspense fallback={null}>
        <AuthDialog
          open={dialog.open}
          mode={dialog.mode}
          email={dialog.email}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          onModeChange={(mode) => setDialog((current) => ({ ...current, mode }))}
        />
      </Suspense>
    </>
  );
}
