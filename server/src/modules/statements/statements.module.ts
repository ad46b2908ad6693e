import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import { pdfFonts } from '../invoices/pdf-fonts';
import { closeStatementsJob } from './statement-closing';
import { createStatementsFace } from './statements';
import { statementRoutes } from './statements.routes';
import { createStatementsService } from './statements.service';

/** Monthly statements of each wallet in four formats, sealed by a digest chain, and the check of that chain. */
export async function statementsModule(app: App, deps: { db: Kysely<Database>; config: Config }) {
  const { db, config } = deps;
  const statements = createStatementsService({ db, fonts: () => pdfFonts(config.PDF_CJK_FONT) });
  await app.register(statementRoutes, { prefix: '/api/statements', statements });
  return { face: createStatementsFace(statements), jobs: [closeStatementsJob(db)] };
}
