import { z } from 'zod';

/**
 * Code points no text field takes, whatever it is (a name, a search, an id, a password): the C0 controls but tab,
 * line feed and carriage return, half of a surrogate pair, and Unicode's noncharacters (U+FDD0–U+FDEF and the
 * last two of every plane, U+FFFE and U+FFFF among them). The controls, half pairs, U+FFFE and U+FFFF are not
 * XML 1.0 characters at all (one in a payment's description made the recipient's whole month of CAMT.053 and OFX
 * unreadable), and no noncharacter is meant for text that leaves the program that made it.
 * PostgreSQL cannot store NUL at all, and each database would store a different replacement for half a pair
 * (which JSON can spell, "\ud800"). The server refuses them at the edge for every field
 * (server/src/plugins/text-fields.ts); the XML writers filter them again for rows stored before.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\p{Cs}\p{Noncharacter_Code_Point}]/gu;
const UNSTORABLE = new RegExp(UNSTORABLE_ALL.source, 'u');

/** How a code point is named in a message: "U+FFFE". */
const codePointName = (char: string) =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` cannot be taken (naming the first code point no field takes), or undefined when it can. */
export function unstorableCharacter(text: string): string | undefined {
  const found = UNSTORABLE.exec(text);
  return found ? `Contains a character that is not allowed (${codePointName(found[0])})` : undefined;
}

/** `text` with each code point no field takes replaced by U+FFFD, for writers of text stored before the rule. */
export const replaceUnstorable = (text: string) => text.replace(UNSTORABLE_ALL, '\uFFFD');

/** DEL and the C1 controls: XML allows them, but a name or a description has no use for them. */
const OTHER_CONTROL = /[\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/**
 * Text that other people (and emails, and statements) show must read as it was written. Bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them
 * ("invoice\u202Efdp.exe" reads "invoiceexe.pdf"), so a payer could make a line read as something else: refused,
 * naming the field, so the sender sees that the text was not taken as pasted. The marks U+200E and U+200F (which
 * cannot reorder anything around them) stay, for right-to-left names. Line and paragraph separators (U+2028,
 * U+2029) only break a line, so they become a space, or a line break where the text may span lines.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_OR_PARAGRAPH_SEPARATOR = /[\u2028\u2029]/g;

const ONE_LINE = 'Use letters, digits and punctuation only (no control characters or line breaks)';
const LINES = 'Use letters, digits and punctuation only (no control characters)';

/** Why a line of free text is refused (`controls` says what a control character gets), or undefined. */
function lineProblem(line: string, controls = ONE_LINE): string | undefined {
  const unstorable = unstorableCharacter(line);
  if (unstorable) return unstorable;
  if (OTHER_CONTROL.test(line) || LINE_BREAK_OR_TAB.test(line)) return controls;
  const bidi = BIDI_CONTROL.exec(line);
  if (bidi) {
    return `Remove the hidden direction control (${codePointName(bidi[0])}): it changes how the text reads`;
  }
  return undefined;
}

const refuseProblems =
  (problemOf: (text: string) => string | undefined) => (text: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };

/**
 * One line of free text (a name, a description): trimmed, at most `max` characters; no control characters,
 * unstorable characters or direction controls; a line or paragraph separator becomes a space.
 */
export function singleLineText(max: number, messages: { tooLong: string; required?: string }) {
  const base = z
    .string({ error: messages.required ?? 'Must be text' })
    .overwrite((text) => text.replace(LINE_OR_PARAGRAPH_SEPARATOR, ' '))
    .trim();
  const sized = messages.required ? base.min(1, messages.required) : base;
  return sized.max(max, messages.tooLong).superRefine(refuseProblems((text) => lineProblem(text)));
}

/**
 * Free text that may span lines (an address, a note): like singleLineText, but line breaks are kept (CRLF, and
 * a line or paragraph separator, become LF). Tabs and every other control character are still refused.
 */
export function multiLineText(max: number, messages: { tooLong: string }) {
  return z
    .string({ error: 'Must be text' })
    .overwrite((text) => text.replace(LINE_OR_PARAGRAPH_SEPARATOR, '\n'))
    .trim()
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .max(max, messages.tooLong)
        .superRefine(
          refuseProblems((text) =>
            text
              .split('\n')
              .map((line) => lineProblem(line, LINES))
              .find(Boolean),
          ),
        ),
    );
}

/**
 * An id in a path (`/api/recipients/:id`): opaque to the client, so any other text is merely not found, but a
 * control or unstorable character is refused like in free text (a NUL would otherwise reach PostgreSQL's
 * comparison and fail).
 */
export function pathIdSchema(max: number) {
  return z
    .string()
    .max(max, 'Not a valid id')
    .refine((id) => !lineProblem(id), { message: 'Not a valid id' });
}
