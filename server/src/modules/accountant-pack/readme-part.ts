import { ACCOUNTANT_PACK_INDEX } from '@contract/accountant-pack';
import type { PackPart } from './pack-part';

/**
 * README.txt, the pack's first entry: what the pack is, for whom and which days, and one line per part, so
 * someone opening the ZIP without Meridian knows what they hold and how to check it.
 */
export function readmePart(parts: readonly PackPart[], now: () => Date = () => new Date()): PackPart {
  const readme: PackPart = {
    summary: 'README.txt: this file.',
    async *entries({ period }) {
      const text = [
        'Meridian accountant pack',
        '',
        `Period: ${period.from} to ${period.to} (calendar days in UTC, both included).`,
        `Made: ${now().toISOString()}.`,
        '',
        'What is inside:',
        ...[readme, ...parts].map((part) => `- ${part.summary}`),
        `- ${ACCOUNTANT_PACK_INDEX}: every other file with its size in bytes and its SHA-256, written last.`,
        '',
        'Amounts in history.csv are signed as the wallet saw them: money that left is negative, so a',
        "column's sum per currency is what the period changed. Dates are ISO 8601 in UTC.",
        `To check a file, compare its SHA-256 (e.g. \`sha256sum history.csv\`) with its row in ${ACCOUNTANT_PACK_INDEX}.`,
        '',
      ].join('\r\n');
      yield { path: 'README.txt', description: 'What this pack holds', content: Buffer.from(text) };
    },
  };
  return readme;
}
