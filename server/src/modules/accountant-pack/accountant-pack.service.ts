import type { Readable } from 'node:stream';
import { accountantPackFilename, type AccountantPackPeriod } from '@contract/accountant-pack';
import type { PackPart } from './pack-part';
import { packZip } from './pack-zip';
import { readmePart } from './readme-part';

export type AccountantPackService = ReturnType<typeof createAccountantPackService>;

/**
 * The accountant pack: README.txt, then each part's entries in the order given, then index.csv. The parts
 * are the pack's whole content: a new kind of document (statements, an income statement, receipts) is one
 * more part in the list the module passes in.
 */
export function createAccountantPackService(deps: { parts: readonly PackPart[] }) {
  const parts = [readmePart(deps.parts), ...deps.parts];
  return {
    /** The owner's pack for the period, as a ZIP stream made as it is read. */
    pack(userId: string, period: AccountantPackPeriod): { filename: string; zip: Readable } {
      return { filename: accountantPackFilename(period), zip: packZip(parts, { userId, period }) };
    },
  };
}
