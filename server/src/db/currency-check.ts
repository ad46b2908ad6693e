import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { isCurrency } from '@contract/currencies';

/** Result columns that hold a currency code, as the schema names them (and the aliases queries give them). */
const CURRENCY_COLUMNS = ['currency', 'from_currency', 'to_currency', 'home_currency'] as const;

/**
 * The one place a currency read from the database is checked: every result row's currency columns must be a
 * code Meridian knows, or the query fails (a 500: the data, not the request, is wrong). The schema types those
 * columns as `Currency`, and past this point code trusts them instead of re-checking in each module.
 */
export class CurrencyCheckPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const column of CURRENCY_COLUMNS) {
        const value = row[column];
        if (value !== undefined && value !== null && !isCurrency(value as string)) {
          throw new Error(`Unknown currency in the database: ${String(value)} (${column})`);
        }
      }
    }
    return args.result;
  }
}
