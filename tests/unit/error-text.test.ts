/*
 * The one sanitizer of failure texts (src/lib/error-text.ts) that every delivery error passes
 * before a log line, a `last_error` column or an admin page: URL credentials never survive,
 * and an e-mail address is masked however it was encoded.
 */
import { describe, expect, it } from 'vitest';
import { safeErrorText } from '~/lib/error-text';

describe('safeErrorText', () => {
  it("drops a URL's credentials, path and query, keeping its host", () => {
    const fetchRefusal =
      'Request cannot be constructed from a URL that includes credentials: http://zap:s3nh4-Secreta@127.0.0.1:8099/hook?token=t0k3n';
    const safe = safeErrorText(`failed: ${fetchRefusal}`);
    expect(safe).toBe('failed: Request cannot be constructed from a URL that includes credentials: [127.0.0.1:8099]');
    for (const spelled of [
      'http://zap:s3nh4-Secreta@hooks.example/x',
      'http:\\/\\/zap:s3nh4-Secreta@hooks.example\\/x',
      'http%3A%2F%2Fzap%3As3nh4-Secreta%40hooks.example%2Fx',
      'HTTPS://zap:s3nh4-Secreta@hooks.example',
    ]) {
      expect({ spelled, safe: safeErrorText(`echo: ${spelled} failed`) }).not.toEqual(
        expect.objectContaining({ safe: expect.stringMatching(/s3nh4|t0k3n|Secreta/) }),
      );
    }
  });

  it.each([
    ['literal', 'ana.souza+crm@exemplo.com.br'],
    ['percent-encoded', 'ana.souza%2Bcrm%40exemplo.com.br'],
    ['encoded twice', 'ana.souza%252Bcrm%2540exemplo.com.br'],
    ['encoded three times', 'ana.souza%25252Bcrm%252540exemplo.com.br'],
    ['a decimal HTML entity', 'ana.souza+crm&#64;exemplo.com.br'],
    ['a hex HTML entity', 'ana.souza+crm&#x40;exemplo.com.br'],
    ['a named HTML entity', 'ana.souza+crm&commat;exemplo.com.br'],
    ['a JSON escape', 'ana.souza+crm\\u0040exemplo.com.br'],
    ['a full-width at sign', 'ana.souza+crm＠exemplo.com.br'],
  ])('masks an e-mail address written %s', (_how, address) => {
    const safe = safeErrorText(
      `answered 502: {"error":"upstream failed: GET /v1/persons/search?term=${address}&limit=1"}`,
    );
    expect(safe).toContain('[e-mail]');
    expect(safe).not.toMatch(/souza|exemplo/);
  });

  it('masks phone and document numbers, as the log does, and leaves codes and statuses alone', () => {
    expect(safeErrorText('celular (11) 98765-4321, cpf 123.456.789-09')).toBe('celular ([número], cpf [número]');
    expect(safeErrorText('celular %2B55%2011%2098765-4321')).not.toMatch(/98765|4321/);
    // Six digits are enough (a bank account, a short document), however punctuated.
    expect(safeErrorText('conta 12345-6 e código 123.456')).toBe('conta [número] e código [número]');
    for (const plain of [
      'answered 500',
      'failed: ECONNREFUSED',
      'connect ECONNREFUSED 127.0.0.1:5432',
      'timed out',
      '550 5.1.1 mailbox unavailable',
      'connect ECONNREFUSED 192.168.100.200:5432',
      'label 550e8400-e29b-41d4-a716-446655440000 does not exist',
    ]) {
      expect(safeErrorText(plain)).toBe(plain);
    }
  });

  it('collapses whitespace and keeps an ordinary message readable', () => {
    expect(safeErrorText('  550 5.1.1\n  mailbox   unavailable ')).toBe('550 5.1.1 mailbox unavailable');
  });
});
