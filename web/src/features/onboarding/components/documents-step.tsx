import { useState, type FormEvent } from 'react';
import {
  documentTypeNames,
  documentTypes,
  sidesFor,
  type DocumentSide,
  type KycApplication,
  todayUtc,
} from '@contract/kyc';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useUploadDocuments } from '../api/upload-documents';
import { documentProblems, missingDocumentFields, missingImages, type DocumentsDraft } from '../lib/wizard';
import { ImagePicker } from './image-picker';

/** Step 2: the document's details and its images (front, back unless a passport, and a selfie). */
export function DocumentsStep({
  application,
  onBack,
  onDone,
}: {
  application: KycApplication;
  onBack: () => void;
  onDone: () => void;
}) {
  const upload = useUploadDocuments();
  const [draft, setDraft] = useState<DocumentsDraft>(
    application.document ?? { documentType: '', documentNumber: '', expiryDate: '' },
  );
  const [files, setFiles] = useState<Partial<Record<DocumentSide, File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const uploaded = (side: DocumentSide) => application.documents.find((doc) => doc.side === side);
  const sides = sidesFor(draft.documentType || 'id_card');
  const set = (field: keyof DocumentsDraft) => (event: { target: { value: string } }) => {
    const next = { ...draft, [field]: event.target.value };
    setDraft(next);
    // The expiry rule is checked as soon as a whole date (or another document type) is chosen.
    if (field === 'expiryDate' || field === 'documentType') {
      const problem = next.expiryDate ? documentProblems(next, todayUtc()).expiryDate : undefined;
      setErrors(({ expiryDate: _, ...rest }) =>
        problem && problem !== 'Required' ? { ...rest, expiryDate: problem } : rest,
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const have = new Set<DocumentSide>([
      ...application.documents.map((doc) => doc.side),
      ...(Object.keys(files) as DocumentSide[]).filter((side) => files[side]),
    ]);
    const missingFields = missingDocumentFields(draft);
    const missing = missingImages(draft.documentType, have);
    const problems = documentProblems(draft, todayUtc());
    setErrors({
      ...problems,
      ...Object.fromEntries(missing.map((side) => [side, 'Upload this image'])),
    });
    if (missingFields.length > 0) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
      return;
    }
    if (problems.expiryDate) return;
    if (missing.length > 0) {
      toast({
        variant: 'destructive',
        title: 'Missing Documents',
        description: 'Please upload required documents',
      });
      return;
    }
    const picked = Object.fromEntries(
      Object.entries(files).filter(([side, file]) => file && sides.includes(side as DocumentSide)),
    );
    upload.mutate(
      { fields: { ...draft, documentType: draft.documentType || 'id_card' }, files: picked },
      {
        onSuccess: () => {
          setFiles({});
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
        },
      },
    );
  };

  return (
    <form aria-label="Identity document" noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="kyc-documentType" label="Document type" error={errors.documentType}>
          <NativeSelect
            id="kyc-documentType"
            value={draft.documentType}
            onChange={set('documentType')}
            aria-invalid={Boolean(errors.documentType)}
            aria-describedby={describedBy('kyc-documentType', { error: errors.documentType })}
          >
            <option value="">Choose…</option>
            {documentTypes.map((type) => (
              <option key={type} value={type}>
                {documentTypeNames[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="kyc-documentNumber" label="Document number" error={errors.documentNumber}>
          <Input
            id="kyc-documentNumber"
            value={draft.documentNumber}
            onChange={set('documentNumber')}
            autoComplete="off"
            aria-invalid={Boolean(errors.documentNumber)}
            aria-describedby={describedBy('kyc-documentNumber', { error: errors.documentNumber })}
          />
        </FormField>
        <FormField id="kyc-expiryDate" label="Expiry date" error={errors.expiryDate}>
          <Input
            id="kyc-expiryDate"
            type="date"
            value={draft.expiryDate}
            onChange={set('expiryDate')}
            aria-invalid={Boolean(errors.expiryDate)}
            aria-describedby={describedBy('kyc-expiryDate', { error: errors.expiryDate })}
          />
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {sides.map((side) => (
          <ImagePicker
            key={side}
            side={side}
            picked={files[side]}
            uploaded={uploaded(side)}
            error={errors[side]}
            onPick={(file, problem) => {
              setFiles((current) => ({ ...current, [side]: file }));
              setErrors((current) => {
                const { [side]: _removed, ...rest } = current;
                return problem ? { ...rest, [side]: problem } : rest;
              });
            }}
          />
        ))}
      </div>
      {upload.isError && <ErrorAlert>{friendlyErrorMessage(upload.error)}</ErrorAlert>}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending && <Spinner />}
          Continue
        </Button>
      </div>
    </form>
  );
}
