import { Check } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { progressPercent, stepLabels, wizardSteps, type WizardStep } from '../lib/wizard';

/** The five steps with a progress bar; the current one is named for screen readers. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const current = wizardSteps.indexOf(step);
  const percent = progressPercent(step);
  return (
    <div className="grid gap-3">
      <div
        role="progressbar"
        aria-label="Verification progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${current + 1} of ${wizardSteps.length}: ${stepLabels[step]}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ol className="grid grid-cols-5 gap-1 text-center text-xs">
        {wizardSteps.map((each, index) => (
          <li
            key={each}
            aria-current={index === current ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1',
              index <= current ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-6 items-center justify-center rounded-full border text-[11px]',
                index < current && 'border-primary bg-primary text-primary-foreground',
                index === current && 'border-primary text-primary',
              )}
            >
              {index < current ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className="truncate max-sm:sr-only sm:not-sr-only">{stepLabels[each]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
