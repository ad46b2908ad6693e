/**
 * Mail is a fixed template with what people wrote kept apart from it: Meridian's own words are plain lines,
 * and anything a user typed (a name, a client, a project title) appears only in a quoted block whose every
 * line starts with "> ", under a heading that says who wrote it. Messages are plain text (mail-transport.ts),
 * so there is no HTML to escape; instead the quoted text loses whatever could end its line or disguise it:
 * control characters (CR and LF among them), bidirectional overrides and isolates, line and paragraph
 * separators. A reader can always tell the bank's sentences from the sender's.
 */
const UNSAFE = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]+/gu;

/** User text made one safe line, cut to `max` characters (for a quoted field, or a name in a subject). */
export function oneLine(text: string, max = 100): string {
  const line = text.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A heading of Meridian's, then each field as a quoted line: `> Label: value`. Empty values are left out. */
export function quotedBlock(heading: string, fields: ReadonlyArray<readonly [string, string]>): string[] {
  const lines = fields
    .map(([label, value]) => [label, oneLine(value, 200)] as const)
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `> ${label}: ${value}`);
  return lines.length === 0 ? [] : [heading, ...lines];
}
