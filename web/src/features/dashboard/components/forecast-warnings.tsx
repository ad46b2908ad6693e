import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { ForecastWarning } from '@contract/forecast';
import { fixHref, warningSentence } from '../lib/forecast';

/**
 * Each wallet's first day under zero or its floor, the cause, and what would fix it, linked to the invoice to
 * chase or the scheduled payments. Not a live alert (they are there on load, not news): a plain list.
 */
export function ForecastWarnings({ warnings }: { warnings: readonly ForecastWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Forecast warnings" className="grid gap-2" data-testid="forecast-warnings">
      {warnings.map((warning) => (
        <li
          key={`${warning.currency}-${warning.kind}`}
          className="flex items-start gap-2.5 rounded-lg border border-destructive/40 bg-destructive/10 px-3.5 py-3 text-sm text-destructive"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 break-words">
            <span className="font-medium">{warningSentence(warning)}</span>
            {warning.fixes.map((fix, index) => (
              <span key={`${fix.kind}-${fix.sourceId}`}>
                {index === 0 ? ' — ' : '; '}
                <Link className="font-medium underline underline-offset-4" to={fixHref(fix)}>
                  {fix.label}
                </Link>
              </span>
            ))}
          </p>
        </li>
      ))}
    </ul>
  );
}
