/**
 * The cookie banner's and preferences' words, from content/settings/cookie-consent.yaml
 * (checked at build), beside the policy they describe (src/lib/cookie-policy.ts).
 */
import type { CookieConsentCopy } from '~/lib/content-schemas';
import { fillTemplate } from '~/lib/fill-template';
import * as file from '../../content/settings/cookie-consent.yaml';

export { COOKIE_CATEGORIES, cookieConsentPolicy, type CookieCategory } from '~/lib/cookie-policy';

// Each key read straight off the module, so the banner's bundle keeps only what it uses.
type Copy = CookieConsentCopy;

export const cookieCategoryCopy = (file as unknown as Copy).categories;
/** Third-party tools per category, named in the second layer only when they are configured. */
export const cookieToolNames = (file as unknown as Copy).tools;
export const cookieBannerCopy = (file as unknown as Copy).banner;
// Built by a call marked pure, so a bundle that does not read it leaves it out.
const withValidity = (preferences: Copy['preferences']) => ({
  ...preferences,
  /** How long the choice holds (months from `maxAgeDays`), said where it is made. */
  validity: (months: number) => fillTemplate(preferences.validity, { months }),
});
export const cookiePreferencesCopy = /* @__PURE__ */ withValidity((file as unknown as Copy).preferences);
/** The footer link that reopens the preferences (a link to the policy when JavaScript is off). */
export const cookieFooterLink = (file as unknown as Copy).footerLink;
/** Answers of the record endpoint (POST /api/consentimento-cookies) a banner can get. */
export const cookieConsentMessages = (file as unknown as Copy).messages;
