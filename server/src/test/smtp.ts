import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** One message as the SMTP server received it, its body decoded enough to read links from. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The whole message as received (headers, MIME parts), for attachments. */
  raw: string;
}

/** Undoes quoted-printable, the transfer encoding nodemailer uses for text with long lines. */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A MIME part's head (folded lines joined) and body, decoded as its Content-Transfer-Encoding says. */
function decodePart(part: string): { head: string; body: string } {
  const split = part.indexOf('\r\n\r\n');
  const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = part.slice(split + 4);
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head))
    return { head, body: decodeQuotedPrintable(body) };
  if (/^Content-Transfer-Encoding: base64/im.test(head)) {
    return { head, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  }
  return { head, body };
}

/**
 * Undoes RFC 2047 encoded words, which nodemailer writes for a header with any non-ASCII character (a
 * subject with a typographic apostrophe arrives as "=?UTF-8?Q?You_are_invited...?="). Adjacent encoded words
 * are joined without the space between them, as the RFC says.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            decodeQuotedPrintable(text.replace(/_/g, ' '))
              .split('')
              .map((c) => c.charCodeAt(0)),
          ).toString('utf8'),
    );
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const { head, body } = decodePart(raw);
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(head)?.[1] ?? '');
  // A message with attachments is multipart: its text is the first text/plain part.
  const boundary = /^Content-Type: multipart\/[^;]+;.*boundary="?([^";\r\n]+)"?/im.exec(head)?.[1];
  if (!boundary) return { to, subject, text: body, raw };
  const textPart = raw
    .split(`--${boundary}`)
    .map((part) => part.replace(/^\r\n/, ''))
    .find((part) => /^Content-Type: text\/plain/im.test(part));
  return { to, subject, text: textPart ? decodePart(textPart).body.split(/\r\n--/)[0]! : '', raw };
}

/**
 * A real SMTP server on 127.0.0.1 (plain, no auth: what SMTP_URL=smtp://127.0.0.1:PORT means), keeping what it
 * receives in memory and, with `dir`, writing each message to a file there for other processes to read.
 */
export async function startSmtpServer(options: { dir?: string; port?: number } = {}) {
  const received: ReceivedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        received.push(mail);
        if (options.dir) writeFileSync(join(options.dir, `${++count}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first message to `address` that `matches`, waiting for it up to `timeoutMs`. */
    async waitFor(
      address: string,
      matches: (mail: ReceivedMail) => boolean = () => true,
      timeoutMs = 10_000,
    ) {
      const first = () => received.find((item) => item.to.includes(address.toLowerCase()) && matches(item));
      await expect
        .poll(first, { timeout: timeoutMs, message: `no mail to ${address} within ${timeoutMs} ms` })
        .toBeDefined();
      return first()!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The base64 attachments of a MIME message of `type`, decoded (enough for what nodemailer writes). */
export function attachmentsIn(
  mail: ReceivedMail,
  type: string,
): Array<{ filename: string; content: Buffer }> {
  const found: Array<{ filename: string; content: Buffer }> = [];
  for (const part of mail.raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(head)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
    const body = part.slice(split + 4).split(/\r\n--/)[0]!;
    found.push({ filename, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

/** The first link in a message's text. */
export const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
