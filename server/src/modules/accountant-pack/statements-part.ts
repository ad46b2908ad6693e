import type { StatementsFace } from '../statements/statements';
import type { PackPart } from './pack-part';

/**
 * statements/: the monthly statements of every closed month the period touches, in each format the statements
 * module makes (PDF, CSV, OFX, CAMT.053). Statements are whole calendar months, so a period starting or ending
 * mid-month brings that whole month's statement; the month under way has none yet.
 */
export function statementsPart(statements: StatementsFace): PackPart {
  return {
    summary:
      'statements/: the monthly statement of every closed month the period touches (PDF, CSV, OFX 2, CAMT.053).',
    async *entries({ userId, period }) {
      const months = { from: period.from.slice(0, 7), to: period.to.slice(0, 7) };
      for await (const file of statements.statementFilesFor(userId, months)) {
        yield {
          path: `statements/${file.fileName}`,
          description: `Statement ${file.fileName.replace(/^meridian-statement-/, '')}`,
          content: typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body,
        };
      }
    },
  };
}
