import type { Kysely } from 'kysely';
import { checksFor } from '@contract/kyc';
import type { Database, KycApplicationsTable } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import type { Notifier } from '../notifications/notifier';
import { findUser, setVerificationLevel } from '../user/users';
import { rejectedNotice, verifiedNotice } from './kyc-notices';
import { documentOf, personalOf } from './kyc.mapper';
import * as repo from './kyc.repository';
import type { SpendingLimits } from './spending-limit';
import type { VerificationProvider } from './verification-provider';

/** A reviewer that has not decided within this long is presumed dead; another process takes the application. */
const LEASE_MS = 5 * 60_000;

export interface ReviewDeps {
  db: Kysely<Database>;
  provider: VerificationProvider;
  notifier: Notifier;
  limits: SpendingLimits;
  now?: () => Date;
}

/**
 * The review job: claims submitted applications one at a time (SKIP LOCKED on PostgreSQL, so processes share
 * the work), resets its checks to pending, lets the provider run them, writing each result as it completes
 * (the wizard polls GET /api/kyc and shows them), then in one transaction decides: approved when every check
 * passed, else rejected; the user's level and the notification change with the decision. Returns how many
 * applications it decided.
 */
export async function runKycReviews(deps: ReviewDeps): Promise<number> {
  const { db } = deps;
  const clock = () => deps.now?.() ?? new Date();
  let decided = 0;
  for (;;) {
    const now = clock();
    const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
    const claimed = await db.transaction().execute(async (trx) => {
      const application = await repo.claimApplication(trx, now.toISOString(), leaseUntil);
      const document = application && documentOf(application);
      if (application && document)
        await repo.resetChecks(trx, application.id, checksFor(document.documentType));
      return application;
    });
    if (!claimed) return decided;
    if (await reviewOne(deps, claimed, leaseUntil, clock)) decided++;
  }
}

async function reviewOne(
  deps: ReviewDeps,
  application: KycApplicationsTable,
  leaseUntil: string,
  clock: () => Date,
): Promise<boolean> {
  const { db, provider, notifier, limits } = deps;
  const personal = personalOf(application);
  const document = documentOf(application);
  const user = await findUser(db, application.user_id);
  const documents = await repo.listDocuments(db, application.id);
  if (personal && document && user) {
    await provider.review(
      {
        personal,
        document,
        images: Object.fromEntries(documents.map((row) => [row.side, row.storage_key])),
        profileName: { firstName: user.first_name, lastName: user.last_name },
        today: clock().toISOString().slice(0, 10),
      },
      (result) => repo.completeCheck(db, application.id, result, clock().toISOString()).then(() => undefined),
    );
  }
  return db.transaction().execute(async (trx) => {
    const checks = await repo.listChecks(trx, application.id);
    const failed = checks.filter((check) => check.status !== 'passed');
    const approved = checks.length > 0 && failed.length === 0;
    const at = clock().toISOString();
    if (!(await repo.decide(trx, application.id, leaseUntil, approved ? 'approved' : 'rejected', at))) {
      return false; // resubmitted or taken over meanwhile: that review decides
    }
    if (approved) {
      await setVerificationLevel(trx, application.user_id, 'verified', at);
      await notifier.raise(trx, application.user_id, verifiedNotice(limits.limitOf.verified));
    } else {
      const reasons = failed.map((check) => check.detail ?? 'A check could not be completed');
      await notifier.raise(
        trx,
        application.user_id,
        rejectedNotice(reasons.length ? reasons : ['The application was incomplete']),
      );
    }
    return true;
  });
}

/** Every few seconds, in every process: reviews what was submitted. */
export function kycReviewJob(deps: ReviewDeps, intervalSeconds: number): Job {
  return { name: 'kyc-review', everyMs: intervalSeconds * 1000, run: () => runKycReviews(deps) };
}

/** The demo account is verified from the start (auth's onUserCreated hook), so the demo shows the high limit. */
export async function verifyDemoUser(trx: Kysely<Database>, user: { id: string; is_demo: number }) {
  if (Number(user.is_demo) === 1)
    await setVerificationLevel(trx, user.id, 'verified', new Date().toISOString());
}
