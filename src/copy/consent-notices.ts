/**
 * The LGPD notices shown under each form, versioned (LGPD art. 8: the controller must be
 * able to prove what the person agreed to). Every submission stores the version it was
 * shown with the SHA-256 of the notice's canonical text (src/lib/consent-notice.ts), the
 * time and the page (table form_consents).
 *
 * The texts are data (content/consent-notices.json) but not in the CMS: a published version
 * is never edited, since rows name it. Changing a text is a reviewed change: a new `version`
 * with the new text, then `npm run consent:manifest`, which adds the new version's hash to
 * content/consent-notices.manifest.json. Old versions stay in the manifest: rows that name
 * them keep their meaning. A text changed without a new version fails `npm test`
 * (tests/unit/consent-notices.test.ts) and `astro build` (src/integrations/consent-manifest.mjs).
 *
 * The lead notice is consent to be contacted about the request ("use seus dados para entrar
 * em contato"), not to marketing: that is the optional box's own notice, "marketing" (its
 * label, no link), which the CRM connectors report as communications consent only when ticked.
 */
import type { ConsentNotice } from '~/lib/consent-notice';
import notices from '../../content/consent-notices.json';

export type { ConsentNotice };

export const consentNotices = notices satisfies Record<string, ConsentNotice>;

export type ConsentNoticeKey = keyof typeof consentNotices;
