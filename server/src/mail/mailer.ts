import { ERROR_CODES } from '#common/error-codes';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { OutboxMail } from '#common/admin';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type StoredMail = OutboxMail;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present only outside production without SMTP: where the messages go instead. */
  outbox: MailOutbox | undefined;
}

const MAILBOX_CAPACITY = 200;

/**
 * Mail that could not be sent, kept in memory (the last 200) for platform admins to read in the
 * console. Its links are credentials: nobody else may read them.
 */
export class MailOutbox {
  private messages: StoredMail[] = [];

  add(message: MailMessage & { from: string }): StoredMail {
    const stored: StoredMail = {
      ...message,
      id: crypto.randomUUID(),
      links: [...message.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
      createdAt: new Date().toISOString(),
    };
    this.messages.unshift(stored);
    this.messages.length = Math.min(this.messages.length, MAILBOX_CAPACITY);
    return stored;
  }

  /** Newest first; only those sent to `to` when given. */
  list(to?: string): StoredMail[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((message) => message.to.toLowerCase() === wanted) : [...this.messages];
  }

  clear() {
    this.messages = [];
  }
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super(ERROR_CODES.MAIL_NOT_CONFIGURED);
  }
}

/** How long a send waits for the SMTP server: to connect, for its greeting, and for each answer. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer({
  smtpUrl,
  mailFrom,
  nodeEnv,
  logger,
}: {
  smtpUrl: string | undefined;
  mailFrom: string;
  nodeEnv: string;
  logger: Logger;
}): Mailer {
  if (smtpUrl) {
    // Mail is sent within the request that asks for it (some of them in an organization's turn): a
    // server that does not answer fails the send in seconds, not in nodemailer's default minutes.
    // Query parameters of SMTP_URL (`?socketTimeout=60000`) still win.
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      outbox: undefined,
      async send(message) {
        await transport.sendMail({ from: mailFrom, ...message });
        logger.info('mail sent', { subject: message.subject });
      },
    };
  }
  if (nodeEnv === 'production') {
    return {
      outbox: undefined,
      async send(message) {
        logger.error('mail not sent: SMTP_URL is not configured', { subject: message.subject });
        throw new MailNotConfiguredError();
      },
    };
  }
  const outbox = new MailOutbox();
  return {
    outbox,
    async send(message) {
      outbox.add({ ...message, from: mailFrom });
      // The link itself is a credential: the log says where the mail is, never what it says.
      logger.warn('mail not sent (no SMTP_URL): kept in the admin outbox (Admin, Outbox)', {
        to: message.to,
        subject: message.subject,
      });
    },
  };
}
