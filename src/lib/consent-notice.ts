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
  /** The link's text. */
  linkText: string;
  href: string;
  /** Text after the link. */
  after: string;
  /**
   * Whether agreeing to this text is consent to receive the company's communications: what
   * the CRM and marketing connectors (src/server/connectors) report as the lead's legal basis.
   * Not part of the text (its hash does not change).
   */
  communications: boolean;
}

/**
 * @example consentNoticeText({ version: 'v1', before: 'Veja a ', linkText: 'Política', href: '/p', after: '.' })
 *   // "Veja a [Política](/p)."
 */
export function consentNoticeText(notice: ConsentNotice): string {
  return `${notice.before}[${notice.linkText}](${notice.href})${notice.after}`;
}

/** The form field that says which notice version the visitor was shown (every form with a notice). */
export const CONSENT_VERSION_FIELD = 'consent_version';
