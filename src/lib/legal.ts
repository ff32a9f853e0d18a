/**
 * Legal pages are Markdown written once, with the company's facts as tokens
 * (`{{legalName}}`, `{{companyRegistration}}`, `{{email}}`) so a new CNPJ or
 * e-mail in content/settings/company.yaml reaches every page without editing the texts.
 */

import { encarregado } from '~/copy/lgpd';
import { contact } from '~/copy/site';
import { escapeHtml } from './escape';

/** The value of every token a legal text may use (the legal route fills them; tests check the texts). */
export const LEGAL_TOKENS: Readonly<Record<string, string>> = {
  legalName: contact.legalName,
  companyRegistration: contact.companyRegistration,
  email: contact.email,
  encarregadoNome: encarregado.nome,
  encarregadoEmail: encarregado.email,
};

const TOKEN = /\{\{\s*([A-Za-z][\w]*)\s*\}\}/g;

/**
 * Replaces every `{{name}}` in rendered HTML with the HTML-escaped value. An unknown
 * token throws, so a typo in a legal text fails the build instead of reaching a reader.
 * @example fillLegalTokens('<p>{{legalName}}</p>', { legalName: 'Pilota Ltda.' }) // "<p>Pilota Ltda.</p>"
 */
export function fillLegalTokens(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(TOKEN, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown token {{${name}}} in a legal page`);
    return escapeHtml(value);
  });
}
