import { documentTypeNames, kycCountryNames, type KycApplication } from '@contract/kyc';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { isUnderReview, sideLabels } from '../lib/wizard';
import { CheckList } from './check-list';

/**
 * Step 3: what will be checked, then (once submitted) the checks completing one by one as the reviewer runs
 * them; the page polls while it does.
 */
export function VerificationStep({
  application,
  onBack,
}: {
  application: KycApplication;
  onBack: () => void;
}) {
  const submit = useSubmitApplication();
  const running = isUnderReview(application.status) || application.status === 'approved';
  if (running) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {application.status === 'approved'
            ? 'All checks passed.'
            : 'Checking your application. Verification takes 2-5 minutes at most; usually only seconds.'}
        </p>
        <CheckList checks={application.checks} />
      </div>
    );
  }
  const { personal, document } = application;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">
            {personal?.firstName} {personal?.lastName}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Date of birth</dt>
          <dd className="font-medium">{personal?.dateOfBirth}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Country</dt>
          <dd className="font-medium">{personal && kycCountryNames[personal.country]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Document</dt>
          <dd className="font-medium">
            {document &&
              `${documentTypeNames[document.documentType]} ${document.documentNumber}, expires ${document.expiryDate}`}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Images</dt>
          <dd className="font-medium">
            {application.documents.map((doc) => sideLabels[doc.side]).join(' · ')}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        We check your age, the document&apos;s expiry, your country, that each image can be read, and that the
        name matches your profile.
      </p>
      {submit.isError && <ErrorAlert>{friendlyErrorMessage(submit.error)}</ErrorAlert>}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button
          disabled={submit.isPending}
          onClick={() =>
            submit.mutate(undefined, {
              onSuccess: () =>
                toast({
                  title: 'Application Submitted',
                  description: 'Verification takes 2-5 minutes at most.',
                }),
              onError: () =>
                toast({
                  variant: 'destructive',
                  title: 'Submission Failed',
                  description: 'Please try again or contact support',
                }),
            })
          }
        >
          {submit.isPending && <Spinner />}
          Submit for verification
        </Button>
      </div>
    </div>
  );
}
