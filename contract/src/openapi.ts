/**
 * Where the API describes itself. The document is generated from the same zod schemas the server validates
 * with, so it cannot drift from what the server accepts; the docs page renders it.
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The header every money-moving POST requires: a fresh UUID per payment, the same one on a retry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Personal API keys as they appear in `Authorization: Bearer …`; a demo account's keys touch only its book. */
export const API_KEY_PREFIXES = ['mer_live_', 'mer_demo_'] as const;
