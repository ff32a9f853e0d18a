/**
 * What a build does about company facts still holding a stand-in (content/settings/company.yaml): any
 * build warns, naming each; a production build on Netlify (NETLIFY=true, CONTEXT=production)
 * fails, unless ALLOW_PLACEHOLDERS=1 says shipping them is meant (a rehearsal, a demo).
 * Deploy previews and branch deploys only warn.
 *
 * No imports: astro.config.mjs and the Netlify build script load this file before anything is built.
 */

export interface PlaceholderVerdict {
  level: 'ok' | 'warn' | 'fail';
  /** Lines for the build log; empty when there is nothing to say. */
  lines: string[];
}

const ALLOW = /^(1|true|yes)$/i;

/**
 * The stand-ins the company file shipped with, since the spec gives none of these facts. A
 * fact still equal to its stand-in is pending; an editor replacing the value in the CMS is
 * all it takes to clear it.
 */
export const COMPANY_STAND_INS = {
  phone: '(11) 4000-0000',
  email: 'contato@pilota.example',
  whatsappNumber: '5511900000000',
  cnpj: '00.000.000/0001-00',
  legalName: 'Pilota Tecnologia Ltda.',
  appUrl: 'https://app.pilota.example',
  instagramUrl: 'https://www.instagram.com/pilota.example',
  encarregadoNome: 'Mariana Duarte',
  encarregadoEmail: 'privacidade@pilota.example',
  demoVideoId: 'VIDEO_ID',
} as const;

export type CompanyFact = keyof typeof COMPANY_STAND_INS;

/**
 * The facts still holding their stand-in, by name.
 * @example pendingPlaceholders({ ...COMPANY_STAND_INS, phone: '(11) 3333-4444' }) // ['email', …]
 */
export function pendingPlaceholders(company: Readonly<Record<CompanyFact, string>>): CompanyFact[] {
  return (Object.keys(COMPANY_STAND_INS) as CompanyFact[]).filter((name) => company[name] === COMPANY_STAND_INS[name]);
}

/**
 * @example placeholderVerdict(['phone'], { NETLIFY: 'true', CONTEXT: 'production' }).level // "fail"
 * @example placeholderVerdict(['phone'], {}).level // "warn"
 */
export function placeholderVerdict(
  pending: readonly string[],
  env: Record<string, string | undefined>,
): PlaceholderVerdict {
  if (pending.length === 0) return { level: 'ok', lines: [] };
  const production = env['NETLIFY'] === 'true' && env['CONTEXT'] === 'production';
  const allowed = ALLOW.test(env['ALLOW_PLACEHOLDERS'] ?? '');
  const lines = [
    `${pending.length} company fact(s) in content/settings/company.yaml are still placeholders: ${pending.join(', ')}.`,
    'The site would publish them (footer, contact page, legal pages, WhatsApp button). Replace each',
    'with the real value before launch (the CMS: Configurações → Dados da empresa).',
  ];
  if (production && !allowed) {
    return {
      level: 'fail',
      lines: [...lines, 'This is a production deploy: set ALLOW_PLACEHOLDERS=1 to publish them anyway.'],
    };
  }
  if (production) lines.push('ALLOW_PLACEHOLDERS is set: publishing them anyway.');
  return { level: 'warn', lines };
}
