import { replaceUnstorable } from '@contract/text';
import type { WalletMonth } from './statement';

/** A wallet's month as the files show it: the figures and, once the month is closed, its stored digests. */
export interface StatedWallet extends WalletMonth {
  digest: string | null;
  previousDigest: string | null;
}

/** What one download covers: one UTC month, one or every wallet of one user. */
export interface StatementSet {
  userId: string;
  month: string;
  /** false for the month under way: the files say "so far". */
  closed: boolean;
  /** When the file was made (the formats' creation stamps). */
  generatedAt: string;
  wallets: StatedWallet[];
}

/** A 32-hex-digit form of a UUID id, for formats whose references allow no dashes or at most 35 characters. */
export const compactId = (id: string) => id.replaceAll('-', '');

/**
 * Escapes text for an XML element or attribute. A code point XML cannot carry (a control, half a surrogate
 * pair, U+FFFE, U+FFFF) becomes U+FFFD, as does any other noncharacter: the edge refuses them now
 * (contract/src/text.ts), but a row stored before must not make a whole month's file unreadable.
 */
export const xmlText = (text: string) =>
  replaceUnstorable(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** At most `max` characters (by code point, so no surrogate pair is cut in half). */
export const clip = (text: string, max: number) => [...text].slice(0, max).join('');
