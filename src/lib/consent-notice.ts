/**
 * The canonical text of an LGPD notice: what the visitor reads, with the link's target
 * written as Markdown so a notice pointing somewhere else is a different text. Its SHA-256
 * is what each submission stores (src/server/consent/consent-proof.ts).
 */
import type { ConsentNotice } from '@content/consent-notices';

/**
 * @example consentNoticeText({ version: 'v1', before: 'Veja a ', linkText: 'Política', href: '/p', after: '.' })
 *   // "Veja a [Política](/p)."
 */
export function consentNoticeText(notice: ConsentNotice): string {
  return `${notice.before}[${notice.linkText}](${notice.href})${notice.after}`;
}

/** The form field that says which notice version the visitor was shown (every form with a notice). */
export const CONSENT_VERSION_FIELD = 'consent_version';
