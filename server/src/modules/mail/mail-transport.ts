import nodemailer from 'nodemailer';

/** One message as it leaves Meridian. Plain text: it renders everywhere and carries no tracking. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where mail goes. The embedded default has no transport at all: messages stay in the outbox table (and in
 * the sandbox the app shows a user their own verification link). With SMTP_URL set, this SMTP adapter
 * delivers them.
 */
export interface MailTransport {
  /** What System Status shows, e.g. "SMTP 127.0.0.1:2525". Never includes credentials. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  /** Connects and says hello, to tell whether the server is reachable. */
  check(): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  // nodemailer waits up to 2 minutes to connect and 10 idle; a claimed message's lease is 60 s
  // (mail-delivery.ts), and a send still hanging after it may be sent again by the next claim.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    description: `SMTP ${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      await transporter.sendMail(mail);
    },
    async check() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}
