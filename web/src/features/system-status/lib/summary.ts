import type { IntegrationStatus, SystemStatus } from '@contract/system';

export interface StatusSummary {
  working: number;
  missing: number;
  errors: number;
  warnings: number;
  /** Working as a whole percentage of all integrations. */
  percent: number;
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
    percent: status.total === 0 ? 0 : Math.round((status.working / status.total) * 100),
    required: status.integrations
      .filter((each) => each.production !== null)
      .map((each) => ({ name: each.name, production: each.production! })),
  };
}

/** The result of a test run, in the sketch's words: "n/m systems operational". */
export const operationalMessage = (status: SystemStatus) =>
  `${status.working}/${status.total} systems operational`;
