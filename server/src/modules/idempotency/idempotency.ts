import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { withKeyedMoneyTransaction } from '../../db/money-transaction';
import * as repo from './idempotency.repository';

/**
 * Idempotency for money-moving POSTs. The client sends a fresh UUID as `Idempotency-Key` with each payment
 * and the same one on a retry. Same key + same request → the first response again, nothing moves twice;
 * same key + a different request → 422 IDEMPOTENCY_KEY_REUSED. Keys are per user.
 *
 * The key row is written in the same database transaction as the money movement, so a crash records both
 * or neither. Only successes are stored: a failure (say INSUFFICIENT_FUNDS) rolls back with its movement,
 * so retrying the same key after topping up tries again.
 */
export interface IdempotentRequest {
  userId: string;
  key: string;
  /** Hash of method, path and canonical body: what "the same request" means. */
  fingerprint: string;
}

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEADER = 'Idempotency-Key';

/** JSON with object keys sorted, so {"a":1,"b":2} and {"b":2,"a":1} are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money and requires an Idempotency-Key: the API description lists the header on it.
     * `idempotencyOf` refuses to run on a route without the flag, so the description cannot miss one.
     */
    idempotent?: boolean;
  }
}

/** The validated Idempotency-Key of a signed-in user's request (400 when missing or not a UUID) and its fingerprint. */
export function idempotencyOf(request: FastifyRequest, userId: string): IdempotentRequest {
  if (!request.routeOptions.config.idempotent) {
    throw new Error(`${request.routeOptions.url} reads an ${HEADER} but is not marked \`idempotent\``);
  }
  const header = request.headers['idempotency-key'];
  if (header === undefined || header === '') {
    const message = `The ${HEADER} header is required: send a new UUID with each payment and reuse it only to retry`;
    throw new AppError('VALIDATION_FAILED', message, { [HEADER]: 'Required' });
  }
  if (typeof header !== 'string' || !UUID.test(header)) {
    throw new AppError('VALIDATION_FAILED', `${HEADER} must be a UUID`, { [HEADER]: 'Must be a UUID' });
  }
  const path = request.url.split('?')[0];
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
  return { userId, key: header.toLowerCase(), fingerprint };
}

/** The stored answer of a key already used, as the claim finds it. */
export interface StoredKey {
  request_hash: string;
  response_status: number | bigint;
  response_body: string;
}

/**
 * The answer stored for a request that committed under its key, if any: what moved money under a key a caller
 * derived itself (a schedule's period), read back when the caller lost track of it.
 */
export async function committedAnswer(
  db: Kysely<Database>,
  request: IdempotentRequest,
): Promise<{ status: number; body: unknown } | undefined> {
  const stored = await repo.findKey(db, request.userId, request.key);
  if (!stored || stored.response_body === '' || stored.request_hash !== request.fingerprint) return undefined;
  return { status: Number(stored.response_status), body: JSON.parse(stored.response_body) as unknown };
}

/** A claim of (user, key): won, with whatever the claimer read on the way, or lost to the stored answer. */
export type KeyClaim<C> = { claimed: true; context: C } | { claimed: false; stored: StoredKey | undefined };

/** The claim on its own: one insert, and on a key already used, the read of its answer. */
export async function claimKey(
  trx: Kysely<Database>,
  request: IdempotentRequest,
  now = new Date(),
): Promise<KeyClaim<undefined>> {
  if (await repo.claimKey(trx, request.userId, request.key, request.fingerprint, now)) {
    return { claimed: true, context: undefined };
  }
  return { claimed: false, stored: await repo.findKey(trx, request.userId, request.key) };
}

/**
 * Runs `work` once per (user, key) in one money transaction, storing its response beside its effect.
 * `claim` replaces the plain claim when a module claims the key in the same round trip as the reads its work
 * needs (a transfer on PostgreSQL: transfer-context.ts); what it read comes to `work` as its context.
 */
export function runIdempotent<T, C = undefined>(
  db: Kysely<Database>,
  request: IdempotentRequest,
  work: (trx: Transaction<Database>, context: C) => Promise<{ status: number; body: T }>,
  claim: (trx: Transaction<Database>) => Promise<KeyClaim<C>> = (trx) =>
    claimKey(trx, request) as Promise<KeyClaim<C>>,
): Promise<IdempotentResult<T>> {
  return withKeyedMoneyTransaction(db, async (trx) => {
    const claimed = await claim(trx);
    if (!claimed.claimed) {
      const { stored } = claimed;
      if (!stored || stored.request_hash !== request.fingerprint) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          `This ${HEADER} was already used for a different request: send a new key for a new payment`,
        );
      }
      return {
        status: Number(stored.response_status),
        body: JSON.parse(stored.response_body) as T,
        replayed: true,
      };
    }
    const result = await work(trx, claimed.context);
    await repo.storeResponse(trx, request.userId, request.key, result.status, JSON.stringify(result.body));
    return { ...result, replayed: false };
  });
}

/** Sends a stored or fresh result; `Idempotent-Replayed: true` tells the client nothing new happened. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
