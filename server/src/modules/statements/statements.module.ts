import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import { pdfFonts } from '../invoices/pdf-fonts';
import { closeStatementsJob } from './statement-closing';
import { sealLegacyStatements } from './statement-legacy-seals';
import { statementSealer } from './statement-seal';
import { createStatementsFace } from './statements';
import { statementRoutes } from './statements.routes';
import { createStatementsService } from './statements.service';

/** The migration after which the statements closed before it are sealed under the key (statement-legacy-seals.ts). */
const KEYED_SEALS_MIGRATION = '0050-statement-seals';

/**
 * Monthly statements of each wallet in four formats, sealed by a digest chain and an HMAC under the server's
 * key, and the check of both. `migrated`: the migrations this process applied as it started.
 */
export async function statementsModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; migrated: readonly string[] },
) {
  const { db, config } = deps;
  const sealer = statementSealer(config);
  if (deps.migrated.includes(KEYED_SEALS_MIGRATION)) {
    const { sealed, left } = await sealLegacyStatements({ db, sealer });
    if (sealed + left > 0) {
      app.log.info(
        { sealed, left },
        'statements closed before keyed seals: sealed those the ledger still matches',
      );
    }
  }
  const statements = createStatementsService({ db, sealer, fonts: () => pdfFonts(config.PDF_CJK_FONT) });
  await app.register(statementRoutes, { prefix: '/api/statements', statements });
  return { face: createStatementsFace(statements), jobs: [closeStatementsJob({ db, sealer })] };
}
