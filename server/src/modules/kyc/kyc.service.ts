import type { Kysely } from 'kysely';
import {
  checksFor,
  sidesFor,
  type DocumentFields,
  type KycApplication,
  type PersonalInfo,
} from '@contract/kyc';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../storage/file-storage';
import { applicationOf, assertEditable } from './kyc-application';
import * as documents from './kyc-documents';
import type { UploadedImage } from './kyc-documents';
import { documentOf, personalOf, toKycApplication } from './kyc.mapper';
import * as repo from './kyc.repository';
import type { SpendingLimits } from './spending-limit';

export type KycService = ReturnType<typeof createKycService>;

/**
 * Identity verification: the wizard's application (personal details, the document and its images), submitted
 * for review by the job in kyc-review.ts. One application per user; editable while a draft or after a
 * rejection, frozen while reviewed and once approved. Images go to file storage under generated keys
 * (kyc-documents.ts).
 */
export function createKycService(deps: {
  db: Kysely<Database>;
  storage: FileStorage;
  limits: SpendingLimits;
}) {
  const { db, storage, limits } = deps;

  async function get(userId: string): Promise<KycApplication> {
    const row = await repo.findApplication(db, userId);
    const documents = row ? await repo.listDocuments(db, row.id) : [];
    const checks = row ? await repo.listChecks(db, row.id) : [];
    return toKycApplication(row, documents, checks, await limits.usage(db, userId));
  }

  return {
    get,

    async savePersonal(userId: string, body: PersonalInfo): Promise<KycApplication> {
      await db.transaction().execute(async (trx) => {
        const row = await applicationOf(trx, userId);
        assertEditable(row);
        await repo.updateApplication(trx, row.id, {
          personal: JSON.stringify(body),
          updated_at: new Date().toISOString(),
        });
      });
      return get(userId);
    },

    async saveDocuments(userId: string, fields: DocumentFields, files: UploadedImage[]) {
      await documents.saveDocuments({ db, storage }, userId, fields, files);
      return get(userId);
    },

    /** Sends the application for review; 422 naming what is missing. */
    async submit(userId: string): Promise<KycApplication> {
      await db.transaction().execute(async (trx) => {
        const row = await applicationOf(trx, userId);
        assertEditable(row);
        const personal = personalOf(row);
        const document = documentOf(row);
        if (!personal || !document) {
          throw new AppError('BUSINESS_RULE', 'Missing Information: please fill in all required fields', {
            ...(!personal && { personal: 'Required' }),
            ...(!document && { document: 'Required' }),
          });
        }
        const have = new Set((await repo.listDocuments(trx, row.id)).map((doc) => doc.side));
        const missing = sidesFor(document.documentType).filter((side) => !have.has(side));
        if (missing.length > 0) {
          throw new AppError(
            'BUSINESS_RULE',
            `Missing Documents: please upload the ${missing.join(', ')} image${missing.length > 1 ? 's' : ''}`,
            Object.fromEntries(missing.map((side) => [side, 'Required'])),
          );
        }
        const at = new Date().toISOString();
        await repo.updateApplication(trx, row.id, {
          status: 'submitted',
          submitted_at: at,
          reviewed_at: null,
          lease_until: null,
          updated_at: at,
        });
        await repo.resetChecks(trx, row.id, checksFor(document.documentType));
      });
      return get(userId);
    },

    /** Auth's onUserRemoving hook: the user's images leave file storage (kyc-documents.ts). */
    removeFilesOf: (trx: Kysely<Database>, userId: string) =>
      documents.removeFilesOf({ db, storage }, trx, userId),

    /** The owner's own image (thumbnails in the wizard); anyone else's is not found. */
    documentFile: (userId: string, id: string) => documents.documentFile({ db, storage }, userId, id),
  };
}
