/*
 * The mail transport of last resort (no SMTP_URL, no RESEND_API_KEY) keeps the message in
 * the deliveries table and must not copy it into the log: recipients, a lead's data and
 * sign-in links are personal data or secrets.
 */
import { describe, expect, it } from 'vitest';
import { createMailer, mailTransportKind } from '~/server/mail';
import { logCapture } from '../support/log';

describe('mail without a transport', () => {
  it('reports the message as kept and logs none of its content', async () => {
    const { log, lines } = logCapture('mail');
    const config = { mailFrom: 'Pilota <nao-responda@pilota.example>' };
    expect(mailTransportKind(config)).toBe('log');
    const send = createMailer(config, log);
    const result = await send({
      to: 'ana.souza@example.com',
      replyTo: 'ana.souza@example.com',
      subject: 'Novo lead: Ana Souza',
      text: 'Celular: (11) 98765-4321\nConfirme: https://pilota.example/api/auth/verify-email?token=segredo123',
    });
    expect(result).toEqual({ transport: 'log' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("status 'logged'");
    for (const secret of ['ana.souza@example.com', 'Ana Souza', '98765-4321', 'segredo123', 'verify-email']) {
      expect(lines[0]).not.toContain(secret);
    }
  });
});
