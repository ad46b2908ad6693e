import { z } from 'zod';
import { isoDateSchema } from './dates';

/**
 * The longest period one pack covers, in days, both ends included: two years (with a leap day). A longer
 * period is a 400: an accountant works a quarter or a tax year at a time, and a bound keeps one download's
 * work bounded too.
 */
export const ACCOUNTANT_PACK_MAX_DAYS = 731;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (2026-01-01 to 2026-01-01 is 1). */
export const daysInPeriod = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * GET /api/accountant-pack?from=YYYY-MM-DD&to=YYYY-MM-DD — one ZIP for the period (calendar days in UTC, both
 * inclusive), streamed as `application/zip` with
 * `Content-Disposition: attachment; filename="meridian-accountant-pack-<from>-to-<to>.zip"`. Its entries, in
 * this order: README.txt (what the pack is), history.csv (every movement of the period, in the columns of
 * transactionCsvColumns), invoices/<number>.pdf (every invoice issued in the period or with a payment in it),
 * and last index.csv (every other entry with its size in bytes and SHA-256, in the columns of
 * accountantPackIndexColumns). `to` before `from`, or a period longer than ACCOUNTANT_PACK_MAX_DAYS, is a 400.
 * The owner and an accountant reading their books may download it.
 */
export const accountantPackQuerySchema = z
  .object({ from: isoDateSchema('from'), to: isoDateSchema('to') })
  .refine((period) => period.from <= period.to, { message: 'to must not be before from', path: ['to'] })
  .refine((period) => daysInPeriod(period.from, period.to) <= ACCOUNTANT_PACK_MAX_DAYS, {
    message: `A pack covers at most ${ACCOUNTANT_PACK_MAX_DAYS} days (two years)`,
    path: ['to'],
  });
export type AccountantPackPeriod = z.infer<typeof accountantPackQuerySchema>;

export const accountantPackUrl = ({ from, to }: AccountantPackPeriod) =>
  `/api/accountant-pack?${new URLSearchParams({ from, to })}`;

export const accountantPackFilename = ({ from, to }: AccountantPackPeriod) =>
  `meridian-accountant-pack-${from}-to-${to}.zip`;

/** The columns of the pack's index.csv: one row per other entry, in the order they appear in the ZIP. */
export const accountantPackIndexColumns = ['path', 'bytes', 'sha256', 'description'] as const;

/** The index is the ZIP's last entry: it lists what came before it, with sizes and hashes known by then. */
export const ACCOUNTANT_PACK_INDEX = 'index.csv';
