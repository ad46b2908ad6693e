import { useState } from 'react';
import { toast } from './use-toast';

/**
 * Copies text, says "copied" for two seconds, and when the browser refuses (no permission, no secure context)
 * asks the person to select and copy `what` themselves.
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string, what = 'the text') => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: `Select ${what} and copy it instead.`,
      });
    }
  };
  return { copied, copy };
}
