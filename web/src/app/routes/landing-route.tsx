import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import type { AuthMode } from '@web/features/auth/components/auth-dialog';
import { DemoButton } from '@web/features/auth/components/demo-button';
import { LandingPage } from '@web/features/landing/components/landing-page';
import { useDocumentTitle } from '../use-document-title';

// The forms (react-hook-form, zod, the dialog, TanStack Query: ~60 KB gzipped) are not part of the first
// visit. They start loading when a pointer or the keyboard reaches a button, usually well before the click
// that opens them.
const loadAuthDialog = () => import('./landing-auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.LandingAuthDialog })));

// Not for the demo button or the theme toggle, which never open the dialog.
const preloadOnButton = (event: SyntheticEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && !button.matches('[data-demo-button], [data-theme-toggle]')) void loadAuthDialog();
};

interface DialogState {
  open: boolean;
  mode: AuthMode;
  email: string;
}

export function LandingRoute() {
  useDocumentTitle('Banking for freelancers');
  // Null until first opened: the dialog is not rendered, so its chunk is not requested.
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const update = (change: Partial<DialogState>) =>
    setDialog((current) => ({ open: false, mode: 'register', email: '', ...current, ...change }));

  return (
    <div className="contents" onPointerOver={preloadOnButton} onFocus={preloadOnButton}>
      <LandingPage
        onSignIn={() => setDialog({ open: true, mode: 'sign-in', email: '' })}
        onGetStarted={(email = '') => setDialog({ open: true, mode: 'register', email })}
        renderDemoButton={(props) => <DemoButton {...props} />}
      />
      {dialog && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open}
            mode={dialog.mode}
            email={dialog.email}
            onOpenChange={(open) => update({ open })}
            onModeChange={(mode) => update({ mode })}
          />
        </Suspense>
      )}
    </div>
  );
}
