/*
 * The plain pt-BR reason for each shape a transport leaves in `last_error`
 * (src/lib/delivery-reason.ts), and what gets none: a text already in pt-BR, an unknown one.
 */
import { describe, expect, it } from 'vitest';
import { deliveryReason } from '~/lib/delivery-reason';
import { connectorErrorMessages, deliveryReasons as r, rateLimitMessages } from '~/messages/inbox/deliveries';

describe('deliveryReason', () => {
  it.each([
    // Webhook and connector senders: "failed: <network code>" (src/server/webhooks, src/server/connectors/http.ts).
    ['failed: ECONNREFUSED', r.refused],
    ['failed: ECONNRESET', r.reset],
    ['failed: UND_ERR_SOCKET', r.reset],
    ['failed: ENOTFOUND', r.notFound],
    ['failed: EAI_AGAIN', r.dnsUnavailable],
    ['failed: EHOSTUNREACH', r.unreachable],
    ['failed: ETIMEDOUT', r.timedOut],
    ['failed: timed out', r.timedOut],
    ['failed: UND_ERR_CONNECT_TIMEOUT', r.timedOut],
    ['failed: CERT_HAS_EXPIRED', r.certificate],
    ['failed: DEPTH_ZERO_SELF_SIGNED_CERT', r.certificate],
    ['failed: SELF_SIGNED_CERT_IN_CHAIN', r.certificate],
    ['failed: UNABLE_TO_VERIFY_LEAF_SIGNATURE', r.certificate],
    ['failed: ERR_TLS_CERT_ALTNAME_INVALID', r.certificate],
    ['failed: ERR_INVALID_URL', r.invalidUrl],
    ['failed: unexpected redirect', r.redirected],
    // "answered <status>", a connector's with the answer quoted after it, in any language.
    ['answered 400', r.http.refused(400)],
    ['answered 401', r.http.unauthorized(401)],
    ['answered 403', r.http.unauthorized(403)],
    ['answered 404', r.http.notFound],
    ['answered 410', r.http.gone],
    ['answered 413', r.http.tooLarge],
    ['answered 429', r.http.tooMany],
    ['answered 429, retrying after 30 s: {"error":"slow down"}', r.http.tooMany],
    ['answered 500', r.http.serverError(500)],
    ['answered 503', r.http.serverError(503)],
    ['answered 502: {"erro":"serviço indisponível"}', r.http.serverError(502)],
    ['HTTP 500', r.http.serverError(500)],
    // The mailer's texts: nodemailer's, with the server's reply code, and its network ones.
    ['connect ECONNREFUSED 127.0.0.1:2525', r.refused],
    ['getaddrinfo ENOTFOUND smtp.exemplo.com', r.notFound],
    ['getaddrinfo EAI_AGAIN smtp.exemplo.com', r.dnsUnavailable],
    ['Connection timeout', r.timedOut],
    ['Greeting never received', r.timedOut],
    ['Connection closed unexpectedly', r.reset],
    ['self-signed certificate in certificate chain', r.certificate],
    ['certificate has expired', r.certificate],
    [
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[e-mail]>: Recipient address rejected",
      r.mail.recipient,
    ],
    ['550 5.1.1 <[e-mail]>: Recipient address rejected', r.mail.recipient],
    ["Recipient command failed: 553 sorry, that domain isn't allowed", r.mail.recipient],
    ['SMTP rejected 1 recipient(s)', r.mail.recipient],
    ['Invalid login: 535-5.7.8 Username and Password not accepted', r.mail.login],
    ['Invalid login: 535 Authentication failed', r.mail.login],
    ['Message failed: 552 5.3.4 Message size exceeds fixed limit', r.mail.mailboxFull],
    ['Message failed: 552 5.2.2 Mailbox full', r.mail.mailboxFull],
    ['Mail command failed: 550 5.7.1 Sender not authorized', r.mail.policy],
    ['Message failed: 554 5.6.0 Message rejected', r.mail.rejected],
    ['Data command failed: 421 4.7.0 Try again later, closing connection', r.mail.unavailable],
    ['Mail command failed: 451 4.3.0 Temporary local problem', r.mail.unavailable],
    ['Resend: invalid_api_key: API key is invalid', r.mail.providerKey],
    ['Resend: rate_limit_exceeded: Too many requests', r.http.tooMany],
    ['Resend: validation_error: Invalid `from` field', r.mail.rejected],
  ])('%s', (text, reason) => {
    expect(deliveryReason(text)).toBe(reason);
  });

  it('leaves a text already written in pt-BR for the team alone', () => {
    for (const text of [
      connectorErrorMessages.misconfigured('RD Station', 401, 'RDSTATION_API_KEY'),
      connectorErrorMessages.rejected('HubSpot', connectorErrorMessages.fieldNotInForm('pilota_tipo')),
      connectorErrorMessages.rejected('Pipedrive', 'Validation failed: label 12 does not exist'),
      connectorErrorMessages.rejected(connectorErrorMessages.zapService, connectorErrorMessages.zapContract(422)),
      rateLimitMessages.waiting(30),
      rateLimitMessages.ceiling(50),
      'HTTP 500 Internal Server Error: o receptor está fora do ar para manutenção',
    ]) {
      expect({ text, reason: deliveryReason(text) }).toEqual({ text, reason: undefined });
    }
  });

  it('has no reason for a text it does not know', () => {
    for (const text of [
      'failed: TypeError',
      'Request cannot be constructed from a URL that includes credentials: [h]',
      'answered 302',
      '',
    ]) {
      expect({ text, reason: deliveryReason(text) }).toEqual({ text, reason: undefined });
    }
  });
});
