import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  checksFor,
  KYC_MAX_FILE_BYTES,
  KYC_MAX_IMAGE_PIXELS,
  kycImageTypes,
  sidesFor,
  type DocumentFields,
  type DocumentSide,
  type KycApplication,
  type PersonalInfo,
} from '@contract/kyc';
import type { Database, KycApplicationsTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { FileStorage } from '../storage/file-storage';
import { documentOf, personalOf, toKycApplication } from './kyc.mapper';
import * as repo from './kyc.repository';
import type { SpendingLimits } from './spending-limit';

export interface UploadedImage {
  side: DocumentSide;
  bytes: Buffer;
}

interface CheckedImage extends UploadedImage {
  contentType: string;
  width: number;
  height: number;
}

const MAX_MB = KYC_MAX_FILE_BYTES / (1024 * 1024);

/** An upload is an image because its bytes say so (file-type), and one sharp can read: never by its name. */
async function checkImage(file: UploadedImage): Promise<CheckedImage> {
  if (file.bytes.length > KYC_MAX_FILE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Each image can be at most ${MAX_MB} MB`, {
      [file.side]: `At most ${MAX_MB} MB`,
    });
  }
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected || !(kycImageTypes as readonly string[]).includes(detected.mime)) {
    const message = `The ${file.side} file is not a PNG, JPEG or WebP image (its contents decide, not its name)`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { [file.side]: 'Not a PNG, JPEG or WebP image' });
  }
  // metadata() reads the header only: nothing is decoded here.
  const size = await sharp(file.bytes)
    .metadata()
    .catch(() => undefined);
  const { width, height } = size ?? {};
  if (!width || !height) {
    const message = `The ${file.side} image could not be read: it may be damaged`;
    throw new AppError('VALIDATION_FAILED', message, { [file.side]: 'Could not be read' });
  }
  if (width * height > KYC_MAX_IMAGE_PIXELS) {
    const message = `The ${file.side} image is ${width}×${height} pixels: at most ${KYC_MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
    throw new AppError('VALIDATION_FAILED', message, {
      [file.side]: `At most ${KYC_MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    });
  }
  return { ...file, contentType: detected.mime, width, height };
}

function assertEditable(row: KycApplicationsTable | undefined) {
  if (row?.status === 'submitted' || row?.status === 'reviewing') {
    throw new AppError(
      'CONFLICT',
      'Your application is being reviewed: wait for the result before changing it',
    );
  }
  if (row?.status === 'approved') throw new AppError('CONFLICT', 'Your identity is already verified');
}

export type KycService = ReturnType<typeof createKycService>;

/**
 * Identity verification: the wizard's application (personal details, the document and its images), submitted
 * for review by the job in kyc-review.ts. One application per user; editable while a draft or after a
 * rejection, frozen while reviewed and once approved. Images go to file storage under generated keys.
 */
export function createKycService(deps: {
  db: Kysely<Database>;
  storage: FileStorage;
  limits: SpendingLimits;
}) {
  const { db, storage, limits } = deps;

  async function applicationOf(trx: Kysely<Database>, userId: string) {
    const existing = await repo.findApplication(trx, userId);
    if (existing) return existing;
    const at = new Date().toISOString();
    const row: KycApplicationsTable = {
      id: newId(),
      user_id: userId,
      status: 'draft',
      personal: null,
      document: null,
      submitted_at: null,
      reviewed_at: null,
      lease_until: null,
      created_at: at,
      updated_at: at,
    };
    await repo.insertApplication(trx, row);
    return row;
  }

  async function get(userId: string): Promise<KycApplication> {
    const row = await repo.findApplication(db, userId);
    const documents = row ? await repo.listDocuments(db, row.id) : [];
    const checks = row ? await repo.listChecks(db, row.id) : [];
    return toKycApplication(row, documents, checks, await limits.usage(db, userId));
  }

  const removeQuietly = (keys: string[]) =>
    Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));

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

    /**
     * Saves the document's fields and whichever images came (each replaces its side's previous one). The
     * files are written before the transaction and removed again if it fails; replaced files go after commit.
     */
    async saveDocuments(userId: string, fields: DocumentFields, files: UploadedImage[]) {
      const checked = await Promise.all(files.map(checkImage));
      const stored: { image: CheckedImage; id: string; key: string }[] = [];
      try {
        for (const image of checked) {
          const id = newId();
          const key = `kyc/${userId}/${id}`;
          await storage.put(key, image.bytes, image.contentType);
          stored.push({ image, id, key });
        }
        const replaced = await db.transaction().execute(async (trx) => {
          const row = await applicationOf(trx, userId);
          assertEditable(row);
          const at = new Date().toISOString();
          await repo.updateApplication(trx, row.id, { document: JSON.stringify(fields), updated_at: at });
          const old: (string | null)[] = [];
          for (const { image, id, key } of stored) {
            old.push(
              await repo.replaceDocument(trx, {
                id,
                user_id: userId,
                application_id: row.id,
                side: image.side,
                storage_key: key,
                content_type: image.contentType,
                size: image.bytes.length,
                width: image.width,
                height: image.height,
                created_at: at,
              }),
            );
          }
          if (!sidesFor(fields.documentType).includes('back')) {
            old.push(await repo.deleteDocumentSide(trx, row.id, 'back'));
          }
          return old.filter((key): key is string => key !== null);
        });
        await removeQuietly(replaced);
      } catch (error) {
        await removeQuietly(stored.map((file) => file.key));
        throw error;
      }
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

    /**
     * Auth's onUserRemoving hook (an idle demo, a closed account): the rows go with the user (cascade), the
     * files go here. Storage is not transactional: should the deletion roll back, a review would report the
     * images missing and ask for them again, which is the safe side.
     */
    async removeFilesOf(trx: Kysely<Database>, userId: string) {
      await removeQuietly(await repo.storageKeysOf(trx, userId));
    },

    /** The owner's own image (thumbnails in the wizard); anyone else's is not found. */
    async documentFile(userId: string, id: string) {
      const row = await repo.findDocument(db, userId, id);
      const bytes = row && (await storage.get(row.storage_key));
      if (!row || !bytes) throw new AppError('NOT_FOUND', 'Document not found');
      return { bytes, contentType: row.content_type };
    },
  };
}
