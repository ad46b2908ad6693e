import type { Currency } from '@contract/currencies';
import type { ForecastItemKind } from '@contract/forecast';

/**
 * One thing expected to move money, before the forecast is laid out on its days. `amount` is signed minor
 * units of `currency` (positive arrives). The three dates are the same item in the three lines of the band:
 * `date` the expected line, `best` and `worst` the other two (null: absent from that line). All are today or
 * later; an item after the window simply falls out of it.
 */
export interface Planned {
  id: string;
  kind: ForecastItemKind;
  label: string;
  currency: Currency;
  amount: bigint;
  sourceId: string | null;
  latePayer: boolean;
  date: string;
  best: string | null;
  worst: string | null;
  /** An open invoice: what a warning's fix says to chase it, and the day it would arrive if paid when due. */
  chase?: { label: string; due: string };
  /** A scheduled payment: a warning's fix may move it. */
  movable?: boolean;
}
