import {
  ageProblem,
  expiryProblem,
  sidesFor,
  type DocumentSide,
  type DocumentType,
  type KycApplication,
  type KycStatus,
  type PersonalInfo,
} from '@contract/kyc';

export const wizardSteps = ['personal', 'documents', 'verification', 'review', 'complete'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const stepLabels: Record<WizardStep, string> = {
  personal: 'Personal',
  documents: 'Documents',
  verification: 'Verification',
  review: 'Review',
  complete: 'Complete',
};

/** The progress bar: each step reached fills its share (personal 20% … complete 100%). */
export const progressPercent = (step: WizardStep) =>
  ((wizardSteps.indexOf(step) + 1) / wizardSteps.length) * 100;

export const isUnderReview = (status: KycStatus) => status === 'submitted' || status === 'reviewing';

/**
 * Where the wizard opens for an application in this state. A draft resumes at the first step not yet saved:
 * after personal details, at documents; after documents too, at verification (a reload loses nothing).
 */
export function stepForStatus(
  application: Pick<KycApplication, 'status' | 'personal'> & Partial<Pick<KycApplication, 'document'>>,
): WizardStep {
  switch (application.status) {
    case 'submitted':
    case 'reviewing':
      return 'verification';
    case 'rejected':
      return 'review';
    case 'approved':
      return 'complete';
    default:
      if (application.personal && application.document) return 'verification';
      return application.personal ? 'documents' : 'personal';
  }
}

export type PersonalDraft = Record<keyof PersonalInfo, string>;

export const personalFields: (keyof PersonalInfo)[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'nationality',
  'address',
  'city',
  'postalCode',
  'country',
  'occupation',
  'monthlyIncome',
  'accountType',
];

/** The form's starting values: what was saved, else what the profile knows. */
export function personalDraft(
  saved: PersonalInfo | null,
  profile: { firstName: string; lastName: string; email: string; phone: string } | undefined,
): PersonalDraft {
  if (saved) return { ...saved };
  const blank = Object.fromEntries(personalFields.map((field) => [field, ''])) as PersonalDraft;
  return {
    ...blank,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    phone: profile?.phone ?? '',
    accountType: 'individual',
  };
}

/** Every field is required: the names of those still empty. */
export const missingPersonal = (draft: PersonalDraft) =>
  personalFields.filter((field) => draft[field].trim() === '');

/**
 * The personal step's field errors, before anything is sent: empty fields, then the reviewer's own age rule
 * (contract/src/kyc.ts), so an under-age date of birth is named at its field, not by the background review.
 */
export function personalProblems(draft: PersonalDraft, today: string): Record<string, string> {
  const problems: Record<string, string> = Object.fromEntries(
    missingPersonal(draft).map((field) => [field, 'Required']),
  );
  const age = draft.dateOfBirth ? ageProblem(draft.dateOfBirth, today) : null;
  if (age) problems.dateOfBirth = age;
  return problems;
}

/** The documents step's field errors: empty fields, then the reviewer's expiry rule. */
export function documentProblems(draft: DocumentsDraft, today: string): Record<string, string> {
  const problems: Record<string, string> = Object.fromEntries(
    missingDocumentFields(draft).map((field) => [field, 'Required']),
  );
  const expired = draft.expiryDate
    ? expiryProblem(draft.documentType || 'id_card', draft.expiryDate, today)
    : null;
  if (expired) problems.expiryDate = expired;
  return problems;
}

export interface DocumentsDraft {
  documentType: DocumentType | '';
  documentNumber: string;
  expiryDate: string;
}

export const missingDocumentFields = (draft: DocumentsDraft) =>
  (['documentType', 'documentNumber', 'expiryDate'] as const).filter((field) => draft[field].trim() === '');

/** The images this document type needs that are neither uploaded nor picked. */
export function missingImages(type: DocumentType | '', have: ReadonlySet<DocumentSide>): DocumentSide[] {
  return sidesFor(type || 'id_card').filter((side) => !have.has(side));
}

export const sideLabels: Record<DocumentSide, string> = {
  front: 'Front of the document',
  back: 'Back of the document',
  selfie: 'Selfie holding the document',
};
