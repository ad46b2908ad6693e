import { z } from 'zod';

/**
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1) have no place in a name or a
 * description, and PostgreSQL cannot store NUL at all: refused at the edge, the same on both databases.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
// Half of a surrogate pair (JSON can spell one, "\ud800"): not a character at all, and each database would store
// a different replacement for it.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Text that other people (and emails) show must read as it was stored. Bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them ("invoice\u202Efdp.exe" reads
 * "invoiceexe.pdf"), and line and paragraph separators (U+2028, U+2029) break a line that was to stay one.
 * They are removed as the text arrives rather than refused: nobody can see them to delete them by hand. The
 * marks U+200E and U+200F (which cannot reorder anything around them) stay, for right-to-left names.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;
const LINE_OR_PARAGRAPH_SEPARATOR = /[\u2028\u2029]/g;
const withoutHiddenFormatting = (text: string, separatorBecomes: string) =>
  text.replace(BIDI_CONTROL, '').replace(LINE_OR_PARAGRAPH_SEPARATOR, separatorBecomes);

const isOneLine = (text: string) =>
  !CONTROL.test(text) && !LINE_BREAK_OR_TAB.test(text) && !LONE_SURROGATE.test(text);

/**
 * One line of free text (a name, a description): trimmed, at most `max` characters, no control characters;
 * direction controls are dropped and a line or paragraph separator becomes a space.
 */
export function singleLineText(max: number, messages: { tooLong: string; required?: string }) {
  const base = z
    .string({ error: messages.required ?? 'Must be text' })
    .overwrite((text) => withoutHiddenFormatting(text, ' '))
    .trim();
  const sized = messages.required ? base.min(1, messages.required) : base;
  return sized.max(max, messages.tooLong).refine(isOneLine, {
    message: 'Use letters, digits and punctuation only (no control characters or line breaks)',
  });
}

/**
 * Free text that may span lines (an address, a note): like singleLineText, but line breaks are kept (CRLF, and
 * a line or paragraph separator, become LF). Tabs and every other control character are still refused.
 */
export function multiLineText(max: number, messages: { tooLong: string }) {
  return z
    .string({ error: 'Must be text' })
    .overwrite((text) => withoutHiddenFormatting(text, '\n'))
    .trim()
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .max(max, messages.tooLong)
        .refine((text) => text.split('\n').every(isOneLine), {
          message: 'Use letters, digits and punctuation only (no control characters)',
        }),
    );
}

/**
 * An id in a path (`/api/recipients/:id`): opaque to the client, so any other text is merely not found, but a
 * control character is refused like in free text (a NUL would otherwise reach PostgreSQL's comparison and fail).
 */
export function pathIdSchema(max: number) {
  return z.string().max(max, 'Not a valid id').refine(isOneLine, { message: 'Not a valid id' });
}
