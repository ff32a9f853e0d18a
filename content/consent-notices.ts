/**
 * The LGPD notices shown under each form, versioned (LGPD art. 8: the controller must be
 * able to prove what the person agreed to). Every submission stores the version it was
 * shown with the SHA-256 of the notice's canonical text (src/lib/consent-notice.ts), the
 * time and the page (table form_consents).
 *
 * Changing a text: change its `version` too, then run `npm run consent:manifest`, which
 * adds the new version's hash to content/consent-notices.manifest.json. Old versions stay
 * in the manifest: rows that name them keep their meaning. A text changed without a new
 * version fails `npm test` (tests/unit/consent-notices.test.ts) and `astro build`
 * (src/integrations/consent-manifest.mjs).
 */

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

export const consentNotices = {
  /** Under the lead form's button (dialog, /contato, partner pages, /gestao). */
  lead: {
    version: '2026-11-lead-v1',
    before: 'Ao enviar, você concorda que a Pilota use seus dados para entrar em contato, conforme a nossa ',
    linkText: 'Política de Privacidade',
    href: '/politica-de-privacidade',
    after: '.',
    // "use seus dados para entrar em contato": the person asks to be contacted.
    communications: true,
  },
  /** Under the implementation request's button (/implementacao-sistema). */
  implementacao: {
    version: '2026-11-implementacao-v1',
    before:
      'Ao enviar, você concorda que a Pilota use os dados e documentos informados para analisar a solicitação e implementar a sua conta, conforme a nossa ',
    linkText: 'Política de Privacidade',
    href: '/politica-de-privacidade',
    after: '.',
    communications: false,
  },
} as const satisfies Record<string, ConsentNotice>;

export type ConsentNoticeKey = keyof typeof consentNotices;
