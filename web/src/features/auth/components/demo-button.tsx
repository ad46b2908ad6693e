import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useKnownAuthOptions } from '@web/lib/auth-options';
import { startDemo } from '../api/start-demo';
import { useSignedIn } from '../api/use-signed-in';

/**
 * One click to a signed-in demo account with its own data. Only where the server offers a demo (a sandbox
 * server): elsewhere it is not shown at all. No query or mutation hooks: it sits on the prerendered landing
 * page, which loads without TanStack Query.
 */
export function DemoButton({
  children = 'Explore the demo',
  ...props
}: Omit<ButtonProps, 'onClick' | 'asChild'>) {
  const options = useKnownAuthOptions();
  const signedIn = useSignedIn();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      signedIn((await startDemo()).user);
    } catch (error) {
      setStarting(false);
      toast({ title: 'Demo unavailable', description: friendlyErrorMessage(error), variant: 'destructive' });
    }
  };
  if (!options?.demo) return null;
  return (
    <Button onClick={() => void start()} disabled={starting} data-demo-button {...props}>
      {starting ? <Spinner /> : <Sparkles />}
      {children}
    </Button>
  );
}
