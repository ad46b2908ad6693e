import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { RateSource } from '../fx/rate-source';
import type { Notifier } from '../notifications/notifier';
import { createFileStorage } from '../storage/create-file-storage';
import { storageCheck, verificationCheck } from '../system/integrations';
import { embeddedReviewer } from './embedded-reviewer';
import { kycReviewJob, verifyDemoUser } from './kyc-review';
import { kycRoutes } from './kyc.routes';
import { createKycService } from './kyc.service';
import { createSpendingLimits, type SpendingLimits } from './spending-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The monthly limit by verification level: money modules (and tests building them) call it. */
    spendingLimits: SpendingLimits;
  }
}

/**
 * Identity verification and what it unlocks: the monthly spending limit by verification level, which the
 * money modules check (returned as `limits`). Documents go to file storage; a reviewer job decides.
 */
export async function kycModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; rates: RateSource; notifier: Notifier; auth: AuthService },
) {
  const { db, config, rates, notifier, auth } = deps;
  const limits = createSpendingLimits({ rates, config });
  app.decorate('spendingLimits', limits);
  const storage = createFileStorage(config);
  const reviewer = embeddedReviewer({ storage, delayMs: config.KYC_CHECK_DELAY_MS });
  const kyc = createKycService({ db, storage, limits });
  auth.onUserCreated((trx, user) => verifyDemoUser(trx, user));
  auth.onUserRemoving((trx, userId) => kyc.removeFilesOf(trx, userId));

  await app.register(kycRoutes, { prefix: '/api/kyc', kyc });
  return {
    limits,
    checks: [verificationCheck(reviewer), storageCheck(storage)],
    jobs: [kycReviewJob({ db, provider: reviewer, notifier, limits }, config.KYC_REVIEW_INTERVAL_SECONDS)],
  };
}
