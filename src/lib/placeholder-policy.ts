/**
 * What a build does about company facts still holding a stand-in (content/company.ts): any
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
    `${pending.length} company fact(s) in content/company.ts are still placeholders: ${pending.join(', ')}.`,
    'The site would publish them (footer, contact page, legal pages, WhatsApp button). Replace each',
    "placeholder('…') with the real value before launch.",
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
