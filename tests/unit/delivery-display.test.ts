/*
 * What the deliveries pages show of a target and of the last error (src/lib/delivery-display.ts):
 * a webhook's host only, never its path or token; errors without addresses, URLs or long numbers.
 */
import { describe, expect, it } from 'vitest';
import { connectorErrorMessages, deliveryReasons } from '~/messages/inbox/deliveries';
import { DELIVERY_ERROR_MAX, deliveryErrorView, safeDeliveryError, webhookHost } from '~/lib/delivery-display';

describe('webhookHost', () => {
  it('keeps the host and port, drops path, query and credentials', () => {
    expect(webhookHost('https://user:senha@hooks.exemplo.com/t/abc123?token=segredo')).toBe('hooks.exemplo.com');
    expect(webhookHost('http://127.0.0.1:8080/hook')).toBe('127.0.0.1:8080');
  });

  it('is undefined for something that is not a URL', () => {
    expect(webhookHost('equipe@pilota.example')).toBeUndefined();
    expect(webhookHost('')).toBeUndefined();
  });
});

describe('safeDeliveryError', () => {
  it('leaves what the webhook transport records as it is', () => {
    expect(safeDeliveryError('answered 500')).toBe('answered 500');
    expect(safeDeliveryError('failed: ECONNREFUSED')).toBe('failed: ECONNREFUSED');
    expect(safeDeliveryError('550 5.1.1 mailbox unavailable')).toBe('550 5.1.1 mailbox unavailable');
  });

  it('masks e-mail addresses, URLs (keeping the host) and phone-like numbers', () => {
    const masked = safeDeliveryError(
      'Recipient <lia.souza@exemplo.com.br> rejected by https://mx.exemplo.com/p/abc?token=x; tel (11) 98765-4321',
      500,
    );
    expect(masked).toBe('Recipient <[e-mail]> rejected by [mx.exemplo.com] tel ([número]');
    expect(masked).not.toMatch(/lia|token|98765/);
  });

  it("masks a lead's e-mail a service echoed URL-encoded, and a webhook URL's credentials", () => {
    const echoed = safeDeliveryError(
      'answered 502: {"error":"upstream failed: GET /v1/persons/search?term=lia.souza%40exemplo.com.br"}',
      500,
    );
    expect(echoed).toContain('[e-mail]');
    expect(echoed).not.toMatch(/lia|exemplo/);
    const refused = safeDeliveryError('failed: URL includes credentials: http://zap:s3nh4@127.0.0.1:9/h', 500);
    expect(refused).toBe('failed: URL includes credentials: [127.0.0.1:9]');
  });

  it('shows a whole pt-BR reason, and cuts only past what a row keeps', () => {
    const reason = connectorErrorMessages.misconfigured('HubSpot', 404, 'HUBSPOT_PORTAL_ID e HUBSPOT_FORM_GUID');
    expect(reason.length).toBeGreaterThan(120);
    expect(safeDeliveryError(reason)).toBe(reason);
    const cut = safeDeliveryError('x'.repeat(DELIVERY_ERROR_MAX + 500));
    expect(cut).toHaveLength(DELIVERY_ERROR_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('deliveryErrorView', () => {
  it('gives the pt-BR reason with the network code beside it, without the sender\'s "failed: "', () => {
    expect(deliveryErrorView('failed: ECONNREFUSED')).toEqual({
      reason: deliveryReasons.refused,
      technical: 'ECONNREFUSED',
    });
    expect(deliveryErrorView('answered 503')).toEqual({
      reason: deliveryReasons.http.serverError(503),
      technical: 'answered 503',
    });
  });

  it('sanitizes the technical text it shows, and reads the reason from the sanitized one', () => {
    const view = deliveryErrorView(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <lia.souza@exemplo.com.br>: unknown",
    );
    expect(view).toEqual({
      reason: deliveryReasons.mail.recipient,
      technical: "Can't send mail - all recipients were rejected: 550 5.1.1 <[e-mail]>: unknown",
    });
    const unknown = deliveryErrorView('failed: URL includes credentials: http://zap:s3nh4@127.0.0.1:9/h');
    expect(unknown.reason).toBeUndefined();
    expect(unknown.technical).toBe(
      safeDeliveryError('failed: URL includes credentials: http://zap:s3nh4@127.0.0.1:9/h'),
    );
    expect(unknown.technical).not.toContain('s3nh4');
  });

  it("shows a connector's pt-BR refusal as it is", () => {
    const text = connectorErrorMessages.rejected('HubSpot', connectorErrorMessages.invalidEmail);
    expect(deliveryErrorView(text)).toEqual({ reason: undefined, technical: safeDeliveryError(text) });
  });
});
