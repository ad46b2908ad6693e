import type { DocumentFields, DocumentSide, KycCheckId, PersonalInfo } from '@contract/kyc';

/** What a reviewer is given: the application, where its images are, and the name on the user's profile. */
export interface ReviewSubject {
  personal: PersonalInfo;
  document: DocumentFields;
  /** Storage keys of the uploaded images by side. */
  images: Partial<Record<DocumentSide, string>>;
  profileName: { firstName: string; lastName: string };
  /** The UTC day the review runs on (YYYY-MM-DD). */
  today: string;
}

export interface CheckResult {
  id: KycCheckId;
  passed: boolean;
  /** Shown to the user: what was found, or what to fix. */
  detail: string;
}

/**
 * Reviews identity applications. The embedded reviewer (embedded-reviewer.ts) runs real checks here; a
 * hosted provider (Onfido, Persona, …) would be another implementation chosen by configuration. Each check is
 * reported as it completes, so the wizard can show progress.
 */
export interface VerificationProvider {
  readonly description: string;
  readonly mode: 'embedded' | 'hosted';
  review(subject: ReviewSubject, report: (result: CheckResult) => Promise<void>): Promise<void>;
}
