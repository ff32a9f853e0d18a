/*
 * Sends one e-mail over SMTP (SMTP_URL), through Resend (RESEND_API_KEY), or,
 * with neither configured, prints it to the server log. This module never
 * touches the database: the queue (src/server/jobs) calls it and records the
 * outcome of every attempt in `deliveries`. A failure throws, so the queue retries.
 */
import nodemailer from 'nodemailer';
import { Resend } from 'resend';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
}

export type MailTransportKind = 'smtp' | 'resend' | 'log';

export interface MailResult {
  transport: MailTransportKind;
  /** The provider's id for the message, when it gives one. */
  messageId?: string;
}

export type SendMail = (message: MailMessage) => Promise<MailResult>;

export interface MailerConfig {
  smtpUrl?: string | undefined;
  resendApiKey?: string | undefined;
  mailFrom: string;
}

/** Which transport a configuration selects (SMTP wins when both are set). */
export function mailTransportKind(config: MailerConfig): MailTransportKind {
  if (config.smtpUrl) return 'smtp';
  if (config.resendApiKey) return 'resend';
  return 'log';
}

/** Short timeouts: a dead SMTP server must fail the attempt (and be retried), not hang a worker. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: MailerConfig, log: (line: string) => void = console.log): SendMail {
  const kind = mailTransportKind(config);

  if (kind === 'smtp') {
    const url = new URL(config.smtpUrl!);
    const secure = url.protocol === 'smtps:';
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      ...SMTP_TIMEOUTS,
    });
    return async (message) => {
      const info = await transport.sendMail({ ...message, from: message.from ?? config.mailFrom });
      if (info.rejected.length > 0) throw new Error(`SMTP rejected ${info.rejected.join(', ')}`);
      return { transport: 'smtp', messageId: info.messageId };
    };
  }

  if (kind === 'resend') {
    const resend = new Resend(config.resendApiKey);
    return async (message) => {
      const { data, error } = await resend.emails.send({
        from: message.from ?? config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
      if (error) throw new Error(`Resend: ${error.name}: ${error.message}`);
      return { transport: 'resend', ...(data?.id ? { messageId: data.id } : {}) };
    };
  }

  return async (message) => {
    const to = Array.isArray(message.to) ? message.to.join(', ') : message.to;
    log(
      `[mail] no SMTP_URL or RESEND_API_KEY: message kept in deliveries and printed here\n` +
        `  To: ${to}\n  Subject: ${message.subject}\n${message.text.replace(/^/gm, '  | ')}`,
    );
    return { transport: 'log' };
  };
}
