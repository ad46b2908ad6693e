import { sql } from 'kysely';
import { guessFromMerchant, guessFromType } from '@contract/categories';
import { directionOf, transactionTypes } from '@contract/transactions';

/**
 * A history row's category, computed by the database as it reads the row. Why computed, not stored: history
 * rows are written by the ledger (on PostgreSQL inside the stored function ledger_post_entry), so no
 * TypeScript runs when a row is made, and this module never writes `transactions`. What a row was "guessed
 * when it was made" therefore reads, in this order:
 * 1. the category someone gave the row (the owner, their accountant, or a rule applied to past rows):
 *    `transaction_categories`;
 * 2. the newest of the user's rules that stood when the row was made (created at or before it, not retired
 *    before it), whose text its description, counterparty or either email contains, and whose category fits
 *    the row's direction (an income category files money in, an expense or tax money out, transfers either):
 *    a rule changed or deleted later does not rewrite what it guessed;
 * 3. a card payment's merchant category (contract `guessFromMerchant`);
 * 4. the kind of movement (contract `guessFromType`).
 * The maps live once, in the contract; they become CASE expressions here. Every expression refers to the
 * outer row as `transactions.<column>`, so it fits any query over that table.
 */
const row = (column: string) => sql.ref(`transactions.${column}`);

const caseOf = (subject: ReturnType<typeof sql.ref>, map: Record<string, string | null>) =>
  sql<string | null>`case ${subject} ${sql.join(
    Object.entries(map)
      .filter((pair): pair is [string, string] => pair[1] !== null)
      .map(([from, to]) => sql`when ${sql.lit(from)} then ${sql.lit(to)}`),
    sql` `,
  )} end`;

const given = sql<string | null>`(select tc.category_id from transaction_categories tc
  where tc.transaction_id = ${row('id')})`;

const matchedColumns = ['description', 'counterparty', 'counterparty_email', 'recipient_email'];

/** 'in', 'out' or 'exchange' by the row's type (contract directionOf). */
const rowDirection = caseOf(
  row('type'),
  Object.fromEntries(transactionTypes.map((type) => [type, directionOf(type)])),
);

const byRule = sql<string | null>`(select r.category_id from category_rules r
  where r.user_id = ${row('user_id')} and r.created_at <= ${row('created_at')}
    and (r.retired_at is null or r.retired_at > ${row('created_at')})
    and (r.direction = 'any' or r.direction = ${rowDirection})
    and (${sql.join(
      matchedColumns.map((column) => sql`lower(${row(column)}) like r.pattern escape '\\'`),
      sql` or `,
    )})
  order by r.created_at desc, r.id desc limit 1)`;

const byMerchant = sql<string | null>`case when ${row('type')} = 'card_payment' then
  (select ${caseOf(sql.ref('cp.category'), guessFromMerchant)} from card_purchases cp
    where cp.transaction_id = ${row('id')}) end`;

const byType = caseOf(row('type'), guessFromType);

/** The row's category id (built-in or own), never null. */
export const rowCategory = sql<string>`coalesce(${given}, ${byRule}, ${byMerchant}, ${byType}, 'uncategorised')`;

/** The row's note, as three columns (null when it has none). */
const note = (column: string) =>
  sql<string | null>`(select ${sql.ref(`n.${column}`)} from transaction_notes n
    where n.transaction_id = ${row('id')})`;
export const rowNoteColumns = [
  note('text').as('note_text'),
  note('written_by').as('note_by'),
  note('written_at').as('note_at'),
] as const;

/** The LIKE pattern a rule's text is compared with: lower case, its own % _ \ escaped, anywhere in the text. */
export const rulePattern = (contains: string) =>
  `%${contains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a rule would file the row: its description, counterparty or either email contains the rule's text
 * (its LIKE pattern) and its direction fits.
 */
export function ruleMatches(pattern: string, direction: 'in' | 'out' | 'any') {
  const contains = sql<boolean>`(${sql.join(
    matchedColumns.map((column) => sql`lower(${row(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
  return direction === 'any' ? contains : sql<boolean>`(${contains} and ${rowDirection} = ${direction})`;
}
