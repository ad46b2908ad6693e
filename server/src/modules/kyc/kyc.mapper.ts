import {
  documentFieldsSchema,
  kycCheckLabels,
  personalInfoSchema,
  type DocumentFields,
  type KycApplication,
  type KycCheck,
  type KycDocument,
  type PersonalInfo,
  type SpendingLimit,
} from '@contract/kyc';
import type { Selectable } from 'kysely';
import type { KycApplicationsTable, KycChecksTable, KycDocumentsTable } from '../../db/schema';

type DocumentRow = Selectable<KycDocumentsTable>;
type CheckRow = Selectable<KycChecksTable>;

/** The stored JSON read back through the contract, so a row can never hand the client a shape it does not know. */
export const personalOf = (row: Pick<KycApplicationsTable, 'personal'>): PersonalInfo | null =>
  row.personal ? personalInfoSchema.parse(JSON.parse(row.personal)) : null;
export const documentOf = (row: Pick<KycApplicationsTable, 'document'>): DocumentFields | null =>
  row.document ? documentFieldsSchema.parse(JSON.parse(row.document)) : null;

export function toKycDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    side: row.side,
    contentType: row.content_type,
    size: Number(row.size),
    width: Number(row.width),
    height: Number(row.height),
    uploadedAt: row.created_at,
  };
}

export function toKycCheck(row: CheckRow): KycCheck {
  return {
    id: row.check_id,
    label: kycCheckLabels[row.check_id],
    status: row.status,
    detail: row.detail,
    completedAt: row.completed_at,
  };
}

export function toKycApplication(
  row: KycApplicationsTable | undefined,
  documents: DocumentRow[],
  checks: CheckRow[],
  limits: SpendingLimit,
): KycApplication {
  const mappedChecks = checks.map(toKycCheck);
  return {
    status: row?.status ?? 'draft',
    personal: row ? personalOf(row) : null,
    document: row ? documentOf(row) : null,
    documents: documents.map(toKycDocument),
    checks: mappedChecks,
    rejectionReasons:
      row?.status === 'rejected'
        ? mappedChecks
            .filter((check) => check.status === 'failed')
            .map((check) => check.detail ?? check.label)
        : [],
    submittedAt: row?.submitted_at ?? null,
    reviewedAt: row?.reviewed_at ?? null,
    limits,
  };
}
