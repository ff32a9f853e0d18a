import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contact } from '../../src/copy/site';
import { fillLegalTokens, LEGAL_TOKENS } from '../../src/lib/legal';

const values = { legalName: contact.legalName, companyRegistration: contact.companyRegistration, email: contact.email };

describe('fillLegalTokens', () => {
  it('replaces every token, spaces allowed inside the braces', () => {
    expect(fillLegalTokens('<p>{{legalName}} ({{ companyRegistration }}) — {{email}}</p>', values)).toBe(
      `<p>${contact.legalName} (${contact.companyRegistration}) — ${contact.email}</p>`,
    );
  });
  it('escapes the values as HTML', () => {
    expect(fillLegalTokens('{{legalName}}', { legalName: 'A & B <Ltda>' })).toBe('A &amp; B &lt;Ltda&gt;');
  });
  it('refuses unknown tokens', () => {
    expect(() => fillLegalTokens('{{cnpj}}', values)).toThrow(/cnpj/);
  });
  it('knows every token the legal texts use', () => {
    const dir = new URL('../../content/legal/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      // The values the legal route fills in: the company's and the encarregado's (content/settings/company.yaml).
      expect(fillLegalTokens(text, LEGAL_TOKENS)).not.toMatch(/\{\{/);
    }
  });
});
