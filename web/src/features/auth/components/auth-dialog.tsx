import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { DemoButton } from './demo-button';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

export type AuthMode = 'sign-in' | 'register';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Pre-fills the email field (e.g. from the landing page's hero input). */
  email?: string;
}

const copy: Record<AuthMode, { title: string; description: string }> = {
  'sign-in': { title: 'Welcome back', description: 'Sign in to your Meridian account.' },
  register: { title: 'Create your account', description: 'Start your 30-day free trial. No card required.' },
};

/**
 * The dialog opens on its form's first field (the email to sign in, the first name to register), ready to
 * type, rather than on the Sign in / Create account tabs.
 */
function focusFirstField(event: Event) {
  const field = (event.target as HTMLElement).querySelector<HTMLInputElement>(
    '[role="tabpanel"][data-state="active"] input',
  );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

export function AuthDialog({ open, onOpenChange, mode, onModeChange, email = '' }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onOpenAutoFocus={focusFirstField}>
        <DialogHeader>
          <DialogTitle>{copy[mode].title}</DialogTitle>
          <DialogDescription>{copy[mode].description}</DialogDescription>
        </DialogHeader>
        <Tabs value={mode} onValueChange={(value) => onModeChange(value as AuthMode)}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="sign-in">Sign in</TabsTrigger>
            <TabsTrigger value="register">Create account</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in">
            <SignInForm defaultEmail={email} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm defaultEmail={email} />
          </TabsContent>
        </Tabs>
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <div className="grid gap-2 text-center">
          <DemoButton variant="outline" size="lg" className="w-full" />
          <p className="text-xs text-muted-foreground">A private sandbox account, ready in one click.</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
