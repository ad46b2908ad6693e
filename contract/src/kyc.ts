import { z } from 'zod';
import { isoDateSchema } from './dates';
import { emailSchema } from './auth';
import { singleLineText } from './text';

/**
 * Identity verification (KYC): the wizard's application, its uploaded images, the review's checks, and the
 * verification level with its monthly limit. Dates are ISO strings: days as YYYY-MM-DD, moments as full ISO.
 */
export const kycCountries = ['US', 'CA', 'GB', 'DE', 'FR', 'AU'] as const;
export type KycCountry = (typeof kycCountries)[number];
export const kycCountryNames: Record<KycCountry, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  AU: 'Australia',
};

export const documentTypes = ['passport', 'license', 'id_card'] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentTypeNames: Record<DocumentType, string> = {
  passport: 'Passport',
  license: "Driver's license",
  id_card: 'National ID card',
};

export const accountTypes = ['individual', 'business'] as const;

/** The images an application holds; a passport has no back. */
export const documentSides = ['front', 'back', 'selfie'] as const;
export type DocumentSide = (typeof documentSides)[number];
export const sidesFor = (type: DocumentType): DocumentSide[] =>
  type === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];

/** Largest image accepted, per file. */
export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
/**
 * Most pixels an image may have (a 24-megapixel camera's 6000 × 4000). Read from the file's header at upload,
 * before anything is decoded: a small file can declare a huge canvas that takes gigabytes to decode.
 */
export const KYC_MAX_IMAGE_PIXELS = 24_000_000;
/** Image types accepted, as detected from a file's bytes (never its name). */
export const kycImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * draft: being filled in · submitted: waiting for the reviewer · reviewing: the reviewer is running its checks ·
 * approved / rejected: decided (a rejected application can be fixed and submitted again).
 */
export const kycStatuses = ['draft', 'submitted', 'reviewing', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const verificationLevels = ['unverified', 'verified'] as const;
export type VerificationLevel = (typeof verificationLevels)[number];

/** The reviewer's checks, in the order it runs them. */
export const kycCheckIds = [
  'country',
  'age',
  'document_expiry',
  'front_image',
  'back_image',
  'selfie_image',
  'name_match',
] as const;
export type KycCheckId = (typeof kycCheckIds)[number];
export const kycCheckLabels: Record<KycCheckId, string> = {
  country: 'Country supported',
  age: 'At least 18 years old',
  document_expiry: 'Document not expired',
  front_image: 'Document front readable',
  back_image: 'Document back readable',
  selfie_image: 'Selfie readable',
  name_match: 'Name matches your profile',
};
export const checksFor = (type: DocumentType): KycCheckId[] =>
  kycCheckIds.filter((id) => type !== 'passport' || id !== 'back_image');

const required = (max: number, label: string) =>
  singleLineText(max, {
    required: `${label} is required`,
    tooLong: `${label} can be at most ${max} characters`,
  });

export const personalInfoSchema = z.object({
  firstName: required(100, 'First name'),
  lastName: required(100, 'Last name'),
  email: emailSchema,
  phone: required(30, 'Phone').pipe(
    z.string().regex(/^\+?[0-9 ()-]{6,30}$/, 'Enter a phone number such as +1 555 010 0000'),
  ),
  dateOfBirth: isoDateSchema('Date of birth'),
  nationality: z.enum(kycCountries, { error: 'Choose a nationality' }),
  address: required(200, 'Address'),
  city: required(100, 'City'),
  postalCode: required(20, 'Postal code'),
  country: z.enum(kycCountries, { error: 'Choose a supported country' }),
  occupation: required(100, 'Occupation'),
  monthlyIncome: z
    .string({ error: 'Monthly income is required' })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the monthly income in USD, such as 4500'),
  accountType: z.enum(accountTypes, { error: 'Choose individual or business' }),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

/** The youngest a customer may be. */
export const MINIMUM_AGE = 18;

/** Whole years from `birth` to `today` (both YYYY-MM-DD): a birthday counts from its own day. */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** Today as the checks count days: the UTC calendar day. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The age and expiry rules, said once: the reviewer's checks (server/src/modules/kyc/embedded-reviewer.ts)
 * and the wizard's fields (inline, before anything is sent) both call these. null = the rule is met.
 */
export function ageProblem(dateOfBirth: string, today: string): string | null {
  const age = ageOn(dateOfBirth, today);
  return age >= MINIMUM_AGE
    ? null
    : `You must be at least ${MINIMUM_AGE} years old (the date of birth given makes you ${Math.max(age, 0)})`;
}

export function expiryProblem(documentType: DocumentType, expiryDate: string, today: string): string | null {
  return expiryDate > today
    ? null
    : `The ${documentTypeNames[documentType].toLowerCase()} expired on ${expiryDate}: upload a document that is still valid`;
}

/** The text fields sent with the images (multipart form fields). */
export const documentFieldsSchema = z.object({
  documentType: z.enum(documentTypes, { error: 'Choose a document type' }),
  documentNumber: required(40, 'Document number').pipe(
    z.string().regex(/^[A-Za-z0-9 -]{4,40}$/, 'Use letters and digits only, as printed on the document'),
  ),
  expiryDate: isoDateSchema('Expiry date'),
});
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

export const kycDocumentSchema = z.object({
  id: z.string(),
  side: z.enum(documentSides),
  contentType: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  uploadedAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycCheckSchema = z.object({
  id: z.enum(kycCheckIds),
  label: z.string(),
  status: z.enum(['pending', 'passed', 'failed']),
  /** Why it failed (shown to the user) or what it found. */
  detail: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type KycCheck = z.infer<typeof kycCheckSchema>;

export const spendingLimitSchema = z.object({
  level: z.enum(verificationLevels),
  /** This level's limit on what leaves the account in a UTC month, in USD. */
  monthlyLimitUsd: z.string(),
  /** Sent, converted and spent on buys this UTC month, valued in USD now. */
  usedThisMonthUsd: z.string(),
  /** The limit without verification. */
  unverifiedLimitUsd: z.string(),
  /** The limit verification gives. */
  verifiedLimitUsd: z.string(),
});
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;

export const kycApplicationSchema = z.object({
  status: z.enum(kycStatuses),
  personal: personalInfoSchema.nullable(),
  document: documentFieldsSchema.nullable(),
  documents: z.array(kycDocumentSchema),
  checks: z.array(kycCheckSchema),
  /** What the user must fix, when rejected. */
  rejectionReasons: z.array(z.string()),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  limits: spendingLimitSchema,
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;
