import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { verifyLedger } from '../../modules/ledger/ledger.verify';
import type { BankRun, TransferAttempt } from './bank-workload';

/**
 * What must hold after the bank workload, whatever happened to the server during it. Each check returns the
 * problems it found (empty = sound), so a failure says exactly what was lost or doubled.
 */
export async function checkBank(db: Kysely<Database>, run: BankRun): Promise<Record<string, string[]>> {
  const crossesBooks = (attempt: TransferAttempt) =>
    attempt.recipient !== null &&
    run.customers[attempt.sender]!.demo !== run.customers[attempt.recipient]!.demo;
  const accepted = run.attempts.filter((attempt) => attempt.answer.status === 201);
  const refused = run.attempts.filter((attempt) => attempt.answer.status === 422);
  const other = run.attempts.filter(
    (attempt) => attempt.answer.status !== 201 && attempt.answer.status !== 422,
  );
  return {
    unexpectedStatuses: other.map((a) => `${a.key}: ${a.answer.status} ${JSON.stringify(a.answer.body)}`),
    ledger: (await verifyLedger(db)).violations,
    conservation: await checkConservation(db, run.deposits),
    demoStaysInDemo: checkDemoRefused(run.attempts.filter(crossesBooks)),
    acceptedOnceInHistory: await checkAcceptedInHistory(db, accepted),
    refusedLeftNothing: await checkRefusedLeftNothing(db, refused),
    tradesOnceEach: await checkTrades(db, run),
    reservationsMatchPendingOrders: await checkReservations(db),
  };
}

/**
 * Every acknowledged trade is one order, every refused one none (a 422: not enough USD or coins), and the
 * workload's customers have no other orders besides the demos' seeded buys.
 */
async function checkTrades(db: Kysely<Database>, run: BankRun) {
  const problems: string[] = [];
  const accepted = run.trades.filter((trade) => trade.answer.status === 201);
  for (const trade of run.trades.filter((t) => t.answer.status !== 201 && t.answer.status !== 422)) {
    problems.push(`trade ${trade.key}: ${trade.answer.status} ${JSON.stringify(trade.answer.body)}`);
  }
  if (accepted.length === 0) problems.push('no trade was accepted, so this check proved nothing');
  const ids = accepted.map((trade) => (trade.answer.body as { id: string }).id);
  const orders = await db
    .selectFrom('trading_orders')
    .select(['id', 'status'])
    .where('created_at', '>=', new Date(Date.now() - 3_600_000).toISOString())
    .execute();
  const seeded = await db
    .selectFrom('trading_orders')
    .innerJoin('users', 'users.id', 'trading_orders.user_id')
    .select('trading_orders.id')
    .where('users.is_demo', '=', 1)
    .where('trading_orders.created_at', '<', new Date(Date.now() - 86_400_000).toISOString())
    .execute();
  const known = new Set(orders.map((order) => order.id));
  for (const id of ids) if (!known.has(id)) problems.push(`accepted trade ${id} has no order`);
  const expected = accepted.length + seeded.length;
  const all = await db
    .selectFrom('trading_orders')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(all.n) !== expected) problems.push(`${all.n} orders in all, ${expected} expected`);
  if (!orders.some((order) => order.status === 'completed')) problems.push('no trade filled');
  return problems;
}

/** Each customer's reservation account holds exactly what their pending orders need. */
async function checkReservations(db: Kysely<Database>) {
  const reserved = await db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'currency', 'balance'])
    .where('kind', '=', 'reservation')
    .execute();
  const pending = await db
    .selectFrom('trading_orders')
    .select(['user_id', 'type', 'asset', 'total', 'quantity'])
    .where('status', '=', 'pending')
    .execute();
  const problems: string[] = [];
  for (const account of reserved) {
    const needed = pending
      .filter((order) => order.user_id === account.user_id)
      .reduce((sum, order) => {
        if (order.type === 'buy' && account.currency === 'USD') return sum + BigInt(order.total);
        if (order.type === 'sell' && account.currency === order.asset) return sum + BigInt(order.quantity);
        return sum;
      }, 0n);
    if (BigInt(account.balance ?? 0n) !== needed) {
      problems.push(`${account.user_id} ${account.currency}: ${account.balance} reserved, ${needed} pending`);
    }
  }
  return problems;
}

/**
 * Real money only enters through deposits, so per currency everything inside Meridian's live book — customer
 * balances, fees, held payments and the FX pool — adds up to exactly what was deposited. Held payments do
 * not go back during the test (days away), so nothing has left. Demo money is in its own book and is not
 * counted: a cent of it reaching a real customer would show here as more than was deposited.
 */
async function checkConservation(db: Kysely<Database>, deposits: Record<string, bigint>) {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.currency', sql<string>`cast(sum(p.amount) as text)`.as('inside')])
    .where('a.id', 'not like', 'house:external:%')
    .where('a.book', '=', 'live')
    .groupBy('p.currency')
    .execute();
  const inside = new Map<string, bigint>(rows.map((row) => [row.currency, BigInt(row.inside)]));
  const problems: string[] = [];
  for (const currency of new Set([...inside.keys(), ...Object.keys(deposits)])) {
    const expected = deposits[currency] ?? 0n;
    const actual = inside.get(currency) ?? 0n;
    if (actual !== expected)
      problems.push(`${currency}: ${actual} minor units inside Meridian, ${expected} deposited`);
  }
  return problems;
}

const transactionIdOf = (attempt: TransferAttempt) => {
  const body = attempt.answer.body as { id?: string; transaction?: { id?: string } };
  return body.transaction?.id ?? body.id ?? '';
};

/** Every payment between a demo and a real customer was refused as such, and none went through. */
function checkDemoRefused(crossing: TransferAttempt[]) {
  if (crossing.length === 0) return ['the workload tried no payment between demo and real customers'];
  return crossing
    .filter((attempt) => (attempt.answer.body as { code?: string }).code !== 'DEMO_ACCOUNT')
    .map(
      (a) =>
        `${a.body.description} between a demo and a real customer: ${a.answer.status} ${JSON.stringify(a.answer.body)}`,
    );
}

/**
 * Every acknowledged transfer is in its sender's history exactly once, and the history holds no other sends
 * (a demo's seeded story has sends of its own, which are not the workload's).
 */
async function checkAcceptedInHistory(db: Kysely<Database>, accepted: TransferAttempt[]) {
  const problems: string[] = [];
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'user_id', 'description'])
    .where('type', '=', 'send')
    .where('description', 'like', 'Bank workload #%')
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const descriptionCounts = new Map<string, number>();
  for (const row of rows)
    descriptionCounts.set(row.description, (descriptionCounts.get(row.description) ?? 0) + 1);
  for (const attempt of accepted) {
    const row = byId.get(transactionIdOf(attempt));
    if (!row)
      problems.push(`accepted transfer ${attempt.key} (${attempt.body.description}) is not in the history`);
    const count = descriptionCounts.get(attempt.body.description) ?? 0;
    if (count !== 1) problems.push(`${attempt.body.description} appears ${count} times`);
  }
  if (rows.length !== accepted.length) {
    problems.push(`${rows.length} sends in the history, ${accepted.length} acknowledged`);
  }
  return problems;
}

/** A refused transfer stored no idempotency record and moved nothing (conservation covers the money). */
async function checkRefusedLeftNothing(db: Kysely<Database>, refused: TransferAttempt[]) {
  if (refused.length === 0)
    return ['the workload produced no refused transfer, so this check proved nothing'];
  const keys = refused.map((attempt) => attempt.key);
  const stored = await db.selectFrom('idempotency_keys').select('key').where('key', 'in', keys).execute();
  const descriptions = refused.map((attempt) => attempt.body.description);
  const written = await db
    .selectFrom('transactions')
    .select('description')
    .where('description', 'in', descriptions)
    .execute();
  return [
    ...stored.map((row) => `refused request ${row.key} left an idempotency record`),
    ...written.map((row) => `refused transfer ${row.description} left a history row`),
  ];
}
