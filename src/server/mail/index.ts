/*
 * Sends one e-mail over SMTP (SMTP_URL), through Resend (RESEND_API_KEY), or,
 * with neither configured, only notes in the log that it was kept (not its content). This module never
 * touches the database: the delivery engine (src/server/delivery) calls it and
 * records the outcome of every attempt in `deliveries`. A failure throws, so the
 * queue retries.
 *
 * SMTP goes through a small connection pool: a new connection (TCP, greeting, EHLO,
 * AUTH, often TLS) per message capped a burst at a few messages per second, while a
 * pooled connection carries the next message at once. Idle connections are closed
 * soon, so a quiet site holds none open.
 */
import nodemailer from 'nodemailer';
import { Resend } from 'resend';
import { componentLogger, type Logger } from '../log/logger';

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

export interface SendMail {
  (message: MailMessage): Promise<MailResult>;
  /** Closes pooled connections (the delivery engine's mail transport calls it when it stops). */
  close?: () => void;
}

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
/**
 * Parallel SMTP connections, messages per connection before it is renewed, and how long an
 * unused one stays open. Five connections carry hundreds of messages a second to a nearby
 * server and stay under the per-client connection limits providers enforce.
 */
export const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 200, idleTimeout: 5_000 } as const;

/**
 * Whether a failed send says nothing about the mail server itself (a rejected recipient or
 * message): such failures must not pause all mail (see src/server/delivery/breaker.ts).
 */
export function isMessageLevelMailError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EENVELOPE' || code === 'EMESSAGE' || error instanceof RecipientRejectedError;
}

export class RecipientRejectedError extends Error {
  override name = 'RecipientRejectedError';
}

export function createMailer(config: MailerConfig, log: Logger = componentLogger('mail')): SendMail {
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
      ...SMTP_POOL,
    });
    const send: SendMail = async (message) => {
      const info = await transport.sendMail({ ...message, from: message.from ?? config.mailFrom });
      if (info.rejected.length > 0) {
        throw new RecipientRejectedError(`SMTP rejected ${info.rejected.length} recipient(s)`);
      }
      return { transport: 'smtp', messageId: info.messageId };
    };
    send.close = () => transport.close();
    return send;
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

  // Only that a message was kept, never its content: recipients, a lead's data and sign-in
  // links must not reach a log. Admins read it in the deliveries table (status 'logged').
  return async () => {
    log.info(`no SMTP_URL or RESEND_API_KEY: message not sent, kept in the deliveries table (status 'logged')`);
    return { transport: 'log' };
  };
}
