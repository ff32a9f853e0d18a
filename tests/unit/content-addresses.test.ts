/*
 * Where an editor's address may lead a visitor (src/lib/content-schemas/fields.ts): web
 * addresses are http(s) only, links are a single-slash site path or https://, and the CMS
 * (src/cms) refuses the same values with the same patterns, so the editor sees the error
 * before saving instead of a failed build.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cmsConfig } from '../../src/cms/cms-config';
import {
  companySchema,
  cookieConsentSchema,
  interfaceSchema,
  LINK_PATTERN,
  SITE_PATH_PATTERN,
  siteSchema,
  WEB_ADDRESS_PATTERN,
} from '../../src/lib/content-schemas';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a saved file, whatever its shape
const contentFile = (name: string): any => parse(readFileSync(`content/${name}.yaml`, 'utf8'));

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  'https://user@evil.example',
  'https:evil.example',
  'https:///evil.example',
  'ftp://files.example',
  'mailto:ana@exemplo.com',
];

type Field = { name: string; pattern?: [string, string]; fields?: Field[]; field?: Field; files?: Field[] };

/** Every CMS field, by its path of names (`company.appUrl`, `site.nav.href`…). */
function cmsFields(): Map<string, Field> {
  const found = new Map<string, Field>();
  const walk = (field: Field, path: string[]) => {
    const here = [...path, field.name];
    found.set(here.join('.'), field);
    for (const child of [...(field.fields ?? []), ...(field.files ?? []), ...(field.field ? [field.field] : [])]) {
      walk(child, field.files ? [field.name] : here);
    }
  };
  for (const collection of cmsConfig.collections as Field[]) {
    for (const file of collection.files ?? []) for (const child of file.fields ?? []) walk(child, [file.name]);
    for (const child of collection.fields ?? []) walk(child, [collection.name]);
  }
  return found;
}

describe('addresses an editor types', () => {
  const company = contentFile('settings/company');
  const site = contentFile('settings/site');
  const cookies = contentFile('settings/cookie-consent');
  const frame = contentFile('pages/interface');

  it.each(HOSTILE)('refuses %s as a web address, a link and a site path', (value) => {
    expect(companySchema.safeParse({ ...company, appUrl: value }).success).toBe(false);
    expect(companySchema.safeParse({ ...company, instagramUrl: value }).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, links: { blog: value } }).success).toBe(false);
    expect(siteSchema.safeParse({ ...site, nav: [{ label: 'Início', href: value }] }).success).toBe(false);
    expect(
      cookieConsentSchema.safeParse({ ...cookies, banner: { ...cookies.banner, policyHref: value } }).success,
    ).toBe(false);
    const legal = [{ label: 'LGPD', href: value }];
    expect(interfaceSchema.safeParse({ ...frame, footer: { ...frame.footer, legal } }).success).toBe(false);
  });

  it('accepts what the site uses: https and http addresses, site paths and https links', () => {
    for (const appUrl of ['https://app.pilota.com.br', 'http://app.pilota.com.br:8080/entrar?x=1']) {
      expect(companySchema.safeParse({ ...company, appUrl }).success).toBe(true);
    }
    for (const href of ['/', '/planos', '/blog?pagina=2#topo', 'https://blog.pilota.com.br/']) {
      expect(siteSchema.safeParse({ ...site, nav: [{ label: 'Menu', href }] }).success).toBe(true);
    }
    expect(siteSchema.safeParse({ ...site, nav: [{ label: 'Menu', href: 'http://blog.example' }] }).success).toBe(
      false,
    );
  });

  it('the refusal names the field and says what to type, in pt-BR', () => {
    const result = companySchema.safeParse({ ...company, instagramUrl: 'javascript:alert(1)' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['instagramUrl', 'Use um endereço completo começando com https://, como https://exemplo.com.br.'],
    ]);
  });

  it('the CMS refuses the same values with the same patterns as the build', () => {
    const fields = cmsFields();
    const expected: Record<string, string> = {
      'company.appUrl': WEB_ADDRESS_PATTERN,
      'company.instagramUrl': WEB_ADDRESS_PATTERN,
      'site.links.blog': LINK_PATTERN,
      'site.nav.href': LINK_PATTERN,
      'cookie-consent.banner.policyHref': LINK_PATTERN,
      'cookie-consent.footerLink.href': LINK_PATTERN,
      'interface.footer.legal.href': SITE_PATH_PATTERN,
    };
    for (const [path, pattern] of Object.entries(expected)) {
      expect({ path, pattern: fields.get(path)?.pattern?.[0] }).toEqual({ path, pattern });
      // Decap tests a field's value with `new RegExp(pattern)`: no flags.
      const decap = new RegExp(pattern);
      for (const value of HOSTILE)
        expect({ path, value, accepted: decap.test(value) }).toEqual({ path, value, accepted: false });
    }
  });
});
