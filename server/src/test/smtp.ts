import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, its body decoded enough to read links from. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Undoes quoted-printable, the transfer encoding nodemailer uses for text with long lines. */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const quoted = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  return { to, subject, text: quoted ? decodeQuotedPrintable(body) : body };
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
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((item) => item.to.includes(address.toLowerCase()) && matches(item));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text. */
export const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
