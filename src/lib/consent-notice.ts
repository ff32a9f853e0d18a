/**
 * The canonical text of an LGPD notice: what the visitor reads, with the link's target
 * written as Markdown so a notice pointing somewhere else is a different text. Its SHA-256
 * is what each submission stores (src/server/consent/consent-proof.ts).
 */

/** One versioned LGPD notice, as written in content/consent-notices.json. */
export interface ConsentNotice {
  /** Unique per text, e.g. '2026-11-lead-v1'. */
  version: string;
  /** Text before the link. */
  before: string;
  /** The link's text; a notice without a link (a checkbox's label) has none. */
  linkText?: string;
  href?: string;
  /** Text after the link. */
  after?: string;
}

/**
 * @example consentNoticeText({ version: 'v1', before: 'Veja a ', linkText: 'Política', href: '/p', after: '.' })
 *   // "Veja a [Política](/p)."
 */
export function consentNoticeText(notice: ConsentNotice): string {
  const link = notice.linkText ? `[${notice.linkText}](${notice.href ?? ''})` : '';
  return `${notice.before}${link}${notice.after ?? ''}`;
}

/**
 * The notice as plain text, a link written as its absolute address in parentheses: what a
 * CRM shows next to the consent it records (it renders no Markdown, and a relative address
 * means nothing there).
 * @example consentNoticePlainText({ version: 'v1', before: 'Veja a ', linkText: 'Política', href: '/p', after: '.' }, 'https://x.com')
 *   // "Veja a Política (https://x.com/p)."
 */
export function consentNoticePlainText(notice: ConsentNotice, siteUrl: string): string {
  const href = notice.href ?? '';
  const link = notice.linkText ? `${notice.linkText} (${/^https?:\/\//i.test(href) ? href : `${siteUrl}${href}`})` : '';
  return `${notice.before}${link}${notice.after ?? ''}`;
}

/** The form field that names the marketing box's version shown (sent whether or not it is ticked). */
export const MARKETING_VERSION_FIELD = 'marketing_version';
/** The marketing box itself: present (any value but "false") when ticked. */
export const MARKETING_OPT_IN_FIELD = 'marketing_opt_in';

/** The form field that says which notice version the visitor was shown (every form with a notice). */
export const CONSENT_VERSION_FIELD = 'consent_version';
