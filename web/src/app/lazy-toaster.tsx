import { lazy, Suspense, useState } from 'react';
import { useToast } from '@web/hooks/use-toast';

// Radix Toast and its styles (~13 KB gzipped) load with the first toast: toasts wait in the use-toast store
// meanwhile. Most visits to the landing page never show one. While the chunk loads, a hidden marker says a
// toast is on its way, so a check of the page's settled look (the browser tests' axe runs) knows to wait.
const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={<span data-slot="toaster-loading" hidden />}>
      <Toaster />
    </Suspense>
  ) : null;
}
