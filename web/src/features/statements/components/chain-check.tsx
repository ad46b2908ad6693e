import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { VerifyProblem, VerifyResult } from '@contract/statements';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useVerifyStatements } from '../api/verify-statements';
import { monthLabel } from './month-label';

/** Why a wallet's chain breaks at a month, in words (statement-verify.ts on the server says when each applies). */
const brokenBecause: Record<VerifyProblem['problem'], string> = {
  altered: 'its entries no longer match what was sealed',
  link: 'it no longer follows the statement sealed before it',
  missing: 'its statement is missing',
  seal: 'its seal is not one this server made',
  late: 'it was sealed long after the month ended: its seal was deleted and made again, unless the server was down that long',
};

const firstProblem = (result: VerifyResult, broken: VerifyResult['brokenFrom'][number]) =>
  result.problems.find((problem) => problem.walletId === broken.walletId && problem.month === broken.month)
    ?.problem ?? 'altered';

/** "Check the chain": recomputes every closed statement from the ledger and says whether each still holds. */
export function ChainCheck() {
  const verify = useVerifyStatements();
  const result = verify.data;
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? <Spinner /> : <ShieldCheck />} Check the chain
        </Button>
      </div>
      <div aria-live="polite">
        {verify.isError && (
          <ErrorAlert>
            The check could not run. {friendlyErrorMessage(verify.error, 'Please try again.')}
          </ErrorAlert>
        )}
        {result?.ok && (
          <Alert>
            <ShieldCheck aria-hidden />
            <div>
              <p className="font-medium">The chain holds</p>
              <p>
                {result.checked === 0
                  ? 'No month has closed yet, so there is nothing to check.'
                  : `All ${result.checked} closed statement${result.checked === 1 ? '' : 's'} match the ledger and the statement before them, under this server's seal.`}
              </p>
            </div>
          </Alert>
        )}
        {result && !result.ok && (
          <Alert variant="destructive">
            <ShieldAlert aria-hidden />
            <div>
              <p className="font-medium">The chain is broken</p>
              <ul className="list-disc pl-4">
                {result.brokenFrom.map((broken) => (
                  <li key={broken.walletId}>
                    {broken.currency} wallet from {monthLabel(broken.month)}:{' '}
                    {brokenBecause[firstProblem(result, broken)]}, and every later statement rests on it.
                  </li>
                ))}
              </ul>
            </div>
          </Alert>
        )}
      </div>
    </div>
  );
}
