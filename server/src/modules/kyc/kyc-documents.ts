import type { Kysely } from 'kysely';
import {
  KYC_MAX_FILE_BYTES,
  KYC_MAX_IMAGE_PIXELS,
  kycImageTypes,
  sidesFor,
  type DocumentFields,
  type DocumentSide,
} from '@contract/kyc';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkUpload } from '../../lib/uploads/checked-file';
import type { FileStorage } from '../storage/file-storage';
import { applicationOf, assertEditable } from './kyc-application';
import * as repo from './kyc.repository';

export interface UploadedImage {
  side: DocumentSide;
  bytes: Buffer;
}

interface CheckedImage extends UploadedImage {
  contentType: string;
  width: number;
  height: number;
}

interface DocumentDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

/** An upload is an image because its bytes say so (file-type), and one sharp can read: never by its name. */
async function checkImage(file: UploadedImage): Promise<CheckedImage> {
  const checked = await checkUpload(file.bytes, {
    types: kycImageTypes,
    maxBytes: KYC_MAX_FILE_BYTES,
    maxPixels: KYC_MAX_IMAGE_PIXELS,
    label: `The ${file.side} image`,
    field: file.side,
    typesInWords: 'a PNG, JPEG or WebP image',
  });
  return { ...file, contentType: checked.contentType, width: checked.width!, height: checked.height! };
}

const removeQuietly = (storage: FileStorage, keys: string[]) =>
  Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));

/**
 * Saves the document's fields and whichever images came (each replaces its side's previous one). The
 * files are written before the transaction and removed again if it fails; replaced files go after commit.
 */
export async function saveDocuments(
  deps: DocumentDeps,
  userId: string,
  fields: DocumentFields,
  files: UploadedImage[],
): Promise<void> {
  const { db, storage } = deps;
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
    await removeQuietly(storage, replaced);
  } catch (error) {
    await removeQuietly(
      storage,
      stored.map((file) => file.key),
    );
    throw error;
  }
}

/** The owner's own image (thumbnails in the wizard); anyone else's is not found. */
export async function documentFile(deps: DocumentDeps, userId: string, id: string) {
  const row = await repo.findDocument(deps.db, userId, id);
  const bytes = row && (await deps.storage.get(row.storage_key));
  if (!row || !bytes) throw new AppError('NOT_FOUND', 'Document not found');
  return { bytes, contentType: row.content_type };
}

/**
 * Auth's onUserRemoving hook (an idle demo, a closed account): the rows go with the user (cascade), the
 * files go here. Storage is not transactional: should the deletion roll back, a review would report the
 * images missing and ask for them again, which is the safe side.
 */
export async function removeFilesOf(
  deps: DocumentDeps,
  trx: Kysely<Database>,
  userId: string,
): Promise<void> {
  await removeQuietly(deps.storage, await repo.storageKeysOf(trx, userId));
}
