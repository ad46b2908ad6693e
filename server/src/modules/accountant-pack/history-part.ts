import type { TransactionsService } from '../transactions/transactions.service';
import type { PackPart } from './pack-part';

/**
 * history.csv: every movement of the period in every wallet, as the history's own CSV export writes it
 * (same columns, signs and formula-safety), newest first, read from the database in keyset batches as the
 * ZIP takes it.
 */
export function historyPart(history: Pick<TransactionsService, 'exportCsv'>): PackPart {
  return {
    summary: 'history.csv: every movement in every wallet during the period, newest first, one row each.',
    async *entries({ userId, period }) {
      yield {
        path: 'history.csv',
        description: `Every movement from ${period.from} to ${period.to} (the history's CSV export)`,
        content: history.exportCsv(userId, 'all', { from: period.from, to: period.to }),
      };
    },
  };
}
