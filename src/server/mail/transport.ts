/*
 * E-mail as a delivery transport (src/server/transport/transport.ts): the delivery engine
 * sends a queued `deliveries` row's message through `sendMail` and records the outcome.
 * A rejected recipient or message is not the mail server's fault, so it does not count
 * towards pausing all mail.
 */
import type { Transport } from '../transport/transport';
import { isMessageLevelMailError, type MailMessage, type SendMail } from './index';

export function mailTransport(sendMail: SendMail): Transport {
  return {
    send: async (row) => ((await sendMail(row.payload as MailMessage)).transport === 'log' ? 'logged' : 'sent'),
    describeFailure: (error) => ({
      reason: safeReason(error),
      outcome: isMessageLevelMailError(error) ? 'neutral' : 'failure',
    }),
    close: () => sendMail.close?.(),
  };
}

/** What went wrong, for a log line: an error code and SMTP status, never an address. */
function safeReason(error: unknown): string {
  const { code, responseCode, name } = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown };
  const head = typeof code === 'string' ? code : typeof name === 'string' ? name : 'error';
  return typeof responseCode === 'number' ? `${head} ${responseCode}` : head;
}
