import type { Kysely } from 'kysely';
import type { Database, KycApplicationsTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import * as repo from './kyc.repository';

/** Editable while a draft or after a rejection; frozen while reviewed and once approved. */
export function assertEditable(row: KycApplicationsTable | undefined): void {
  if (row?.status === 'submitted' || row?.status === 'reviewing') {
    throw new AppError(
      'CONFLICT',
      'Your application is being reviewed: wait for the result before changing it',
    );
  }
  if (row?.status === 'approved') throw new AppError('CONFLICT', 'Your identity is already verified');
}

/** The user's one application, started as an empty draft the first time the wizard saves anything. */
export async function applicationOf(trx: Kysely<Database>, userId: string): Promise<KycApplicationsTable> {
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
