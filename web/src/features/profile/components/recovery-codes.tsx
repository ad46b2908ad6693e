import { Check, Copy, Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';

/** The codes as a text file to keep: one a line, with a line saying what they are. */
export function recoveryCodesFile(codes: string[]): string {
  return ['Meridian two-factor recovery codes. Each one signs you in once.', '', ...codes, ''].join('\n');
}

/** Saves the codes as meridian-recovery-codes.txt, made here in the browser (nothing is sent anywhere). */
function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesFile(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meridian-recovery-codes.txt';
  link.click();
  // The click has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The ten recovery codes, shown once: a list to write down, copy and download buttons, and "I saved them"
 * to finish.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { copied, copy: copyText } = useCopyToClipboard();
  const copy = () => copyText(codes.join('\n'), 'the codes');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your phone. This is the only time they are shown: keep them
        somewhere safe, away from this device.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" onClick={() => downloadCodes(codes)}>
          <Download />
          Download codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
