import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';
import { newId } from './ids';

/** Every email has both parts (multipart/alternative); build one with composeEmail (server/lib/email). */
export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * Without SMTP_URL every message is written as one .eml file into MAIL_DIR (docs/product.md 1); tests read them.
 * nodemailer builds the headers, so user text cannot inject any (docs/security.md K), and sends the text and HTML
 * parts as multipart/alternative.
 */
export function createMailer(opts: { smtpUrl?: string; mailDir: string; from: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        opts.log.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(opts.mailDir, { recursive: true, mode: 0o700 });
      const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ subject: message.subject }, 'mail written');
    },
  };
}

/**
 * Sending never fails the request that triggered it; a failure (of building or sending) is logged without the
 * recipient. Takes the message or the promise composeEmail returns.
 */
export function sendInBackground(mailer: Mailer, log: Logger, message: MailMessage | Promise<MailMessage>): void {
  let subject: string | undefined;
  Promise.resolve(message)
    .then((built) => {
      subject = built.subject;
      return mailer.send(built);
    })
    .catch((error: unknown) => {
      log.error({ subject, err: (error as Error).message }, 'mail failed');
    });
}
