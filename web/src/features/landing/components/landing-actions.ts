import type { ReactNode } from 'react';
import type { ButtonProps } from '@web/components/ui/button';

/**
 * What the landing page asks of the app: it knows nothing of accounts. The app route wires these to the
 * sign-in dialog and the demo button of the auth feature.
 */
export interface LandingActions {
  onSignIn: () => void;
  /** Opens account creation, carrying over an email typed on the page. */
  onGetStarted: (email?: string) => void;
  renderDemoButton: (props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) => ReactNode;
}
