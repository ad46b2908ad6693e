import { useQuery } from '@tanstack/react-query';
import { kycQuery } from '@web/lib/kyc';
import { isUnderReview } from '../lib/wizard';

/** GET /api/kyc for the wizard: asked again every second while the reviewer runs, so checks appear as they complete. */
export const useKycApplication = () =>
  useQuery({
    ...kycQuery(),
    refetchInterval: (query) => (query.state.data && isUnderReview(query.state.data.status) ? 1000 : false),
  });
