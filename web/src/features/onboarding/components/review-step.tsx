import { CircleCheck, CircleX } from 'lucide-react';
import type { KycApplication } from '@contract/kyc';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CheckList } from './check-list';

/** Step 4: the decision. Approved goes on; rejected says what to fix and goes back to fix it. */
export function ReviewStep({
  application,
  onBack,
  onFix,
  onContinue,
}: {
  application: KycApplication;
  onBack: () => void;
  onFix: () => void;
  onContinue: () => void;
}) {
  if (application.status === 'rejected') {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <CircleX aria-hidden />
          <div className="grid gap-2">
            <p className="font-medium">We could not verify your identity</p>
            <ul className="list-disc pl-4" aria-label="What to fix">
              {application.rejectionReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        </Alert>
        <CheckList checks={application.checks} />
        <div className="flex justify-between gap-2">
          <Button type="button" variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button onClick={onFix}>Fix and resubmit</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <Alert>
        <CircleCheck aria-hidden className="text-success" />
        <span>Approved: every check passed.</span>
      </Alert>
      <CheckList checks={application.checks} />
      {/* Approved is final: there is no step to go back to. */}
      <div className="flex justify-end gap-2">
        <Button onClick={onContinue}>Continue</Button>
      </div>
    </div>
  );
}
