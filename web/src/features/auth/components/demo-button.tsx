import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useAuthOptions } from '@web/lib/email-verification';
import { useStartDemo } from '../api/start-demo';

/**
 * One click to a signed-in demo account with its own data. Only where the server offers a demo (a sandbox
 * server): elsewhere it is not shown at all.
 */
export function DemoButton({
  children = 'Explore the demo',
  ...props
}: Omit<ButtonProps, 'onClick' | 'asChild'>) {
  const demo = useStartDemo();
  const options = useAuthOptions();
  const start = () =>
    demo.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Demo unavailable',
          description: friendlyErrorMessage(error),
          variant: 'destructive',
        }),
    });
  if (!options.data?.demo) return null;
  return (
    <Button onClick={start} disabled={demo.isPending} {...props}>
      {demo.isPending ? <Spinner /> : <Sparkles />}
      {children}
    </Button>
  );
}
