import { useEffect, useRef, useState } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { LoadError } from '@web/components/load-error';
import type { KycApplication } from '@contract/kyc';
import { formatMoney } from '@web/lib/money';
import { useUser } from '@web/lib/user';
import { useKycApplication } from '../api/get-kyc';
import { isUnderReview, personalDraft, stepForStatus, stepLabels, type WizardStep } from '../lib/wizard';
import { CompleteStep } from './complete-step';
import { DocumentsStep } from './documents-step';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { VerificationStep } from './verification-step';
import { WizardProgress } from './wizard-progress';

const descriptions: Record<WizardStep, string> = {
  personal: 'Tell us who you are. Every field is required.',
  documents: 'A passport, driver’s license or national ID card that has not expired, and a selfie.',
  verification: 'Check what you send, then submit. Verification takes 2-5 minutes at most.',
  review: 'The result of the checks.',
  complete: 'You are all set.',
};

/**
 * Identity verification: personal → documents → verification → review → complete. The application lives on
 * the server (GET /api/kyc), so the wizard opens where it stands: under review at verification, rejected at
 * review (to fix and resubmit), approved at complete.
 */
export function OnboardingPage() {
  const application = useKycApplication();
  const user = useUser();
  const [step, setStep] = useState<WizardStep | null>(null);
  const status = application.data?.status;
  const previous = useRef(status);

  useEffect(() => {
    if (!application.data) return;
    setStep((current) => current ?? stepForStatus(application.data));
  }, [application.data]);

  // The review finished while the user watched: show its result.
  useEffect(() => {
    if (previous.current && isUnderReview(previous.current) && status && !isUnderReview(status)) {
      setStep('review');
    }
    previous.current = status;
  }, [status]);

  const heading = step ? stepLabels[step] : 'Identity verification';
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Verify your identity</CardTitle>
          <CardDescription>
            Verified accounts can move up to{' '}
            {application.data ? formatMoney(application.data.limits.verifiedLimitUsd, 'USD') : '…'} a month
            instead of{' '}
            {application.data ? formatMoney(application.data.limits.unverifiedLimitUsd, 'USD') : '…'}.
          </CardDescription>
        </CardHeader>
        {step && <WizardProgress step={step} />}
      </Card>
      <Card aria-labelledby="kyc-step-title">
        <CardHeader>
          <CardTitle id="kyc-step-title">{heading}</CardTitle>
          {step && (
            <CardDescription>
              {step === 'verification' && application.data && isUnderReview(application.data.status)
                ? 'Your application is being checked.'
                : descriptions[step]}
            </CardDescription>
          )}
        </CardHeader>
        {application.isPending || user.isPending || (application.data && !step) ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading your application">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : application.isError ? (
          <LoadError error={application.error} onRetry={() => void application.refetch()} />
        ) : (
          step &&
          application.data && (
            <StepContent step={step} application={application.data} profile={user.data} goTo={setStep} />
          )
        )}
      </Card>
    </div>
  );
}

function StepContent({
  step,
  application,
  profile,
  goTo,
}: {
  step: WizardStep;
  application: KycApplication;
  profile: ReturnType<typeof useUser>['data'];
  goTo: (step: WizardStep) => void;
}) {
  switch (step) {
    case 'personal':
      return (
        <PersonalStep
          initial={personalDraft(application.personal, profile)}
          onDone={() => goTo('documents')}
        />
      );
    case 'documents':
      return (
        <DocumentsStep
          application={application}
          onBack={() => goTo('personal')}
          onDone={() => goTo('verification')}
        />
      );
    case 'verification':
      return <VerificationStep application={application} onBack={() => goTo('documents')} />;
    case 'review':
      return (
        <ReviewStep
          application={application}
          onBack={() => goTo('verification')}
          onFix={() => goTo('personal')}
          onContinue={() => goTo('complete')}
        />
      );
    case 'complete':
      return <CompleteStep application={application} />;
  }
}
