import type { IntegrationStatus, SystemStatus } from '@contract/system';

export interface StatusSummary {
  working: number;
  missing: number;
  errors: number;
  warnings: number;
  total: number;
  /** What production still needs: the integrations that say so, by name. */
  required: { name: string; production: string }[];
}

const count = (status: SystemStatus, of: IntegrationStatus) =>
  status.integrations.filter((each) => each.status === of).length;

export function summarize(status: SystemStatus): StatusSummary {
  return {
    working: count(status, 'working'),
    missing: count(status, 'missing'),
    errors: count(status, 'error'),
    warnings: count(status, 'warning'),
    total: status.integrations.length,
    required: status.integrations
      .filter((each) => each.production !== null)
      .map((each) => ({ name: each.name, production: each.production! })),
  };
}

/**
 * The whole picture in one sentence. A warning works (on a sandbox, an embedded stand-in for a real
 * provider), so it counts as working and is named apart; a percentage of "fully working" made a healthy
 * sandbox read as 44% up.
 */
export function overallMessage(summary: StatusSummary): string {
  const simulated = summary.warnings > 0 ? ` (${summary.warnings} simulated)` : '';
  if (summary.errors === 0 && summary.missing === 0) return `All systems working${simulated}`;
  const problems = [
    summary.errors > 0 && `${summary.errors} not working right now`,
    summary.missing > 0 && `${summary.missing} not available yet`,
  ].filter(Boolean);
  const up = summary.working + summary.warnings;
  return `${up} of ${summary.total} systems working${simulated}; ${problems.join(', ')}`;
}
