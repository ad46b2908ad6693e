import type { StatementFile, StatementsService } from './statements.service';

export type { StatementFile } from './statements.service';

/**
 * The statements module's public face, for the accountant pack: the statement files of a user for a period
 * of UTC months ("2026-01" to "2026-03", both included), one month at a time, each month's PDF, CSV, OFX and
 * CAMT.053 (every wallet in each; CAMT.053 only when a fiat wallet has one). Only closed months: the month
 * under way is not a statement yet. Files come one by one, so a pack holds one file in memory at a time.
 */
export function createStatementsFace(service: StatementsService) {
  return {
    statementFilesFor: (
      userId: string,
      period: { from: string; to: string },
    ): AsyncGenerator<StatementFile> => service.closedFiles(userId, period.from, period.to),
  };
}

export type StatementsFace = ReturnType<typeof createStatementsFace>;
