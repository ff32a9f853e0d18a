/*
 * What the banner sends to be recorded (POST /api/consentimento-cookies): the anonymous id
 * and version of its cookie and one yes/no per optional category. Nothing else is accepted,
 * and the version must be one the site has published: the record is the company's proof of
 * what a visitor agreed to, so it names only texts someone could have seen.
 */
import { COOKIE_CATEGORIES, cookieConsentMessages, cookieConsentPolicy } from '~/copy/cookie-consent';
import { CONSENT_VERSION_PATTERN, VISITOR_ID_PATTERN } from '../cookie-consent';
import { z } from './zod';

const published: ReadonlySet<string> = new Set(cookieConsentPolicy.publishedVersions);

/**
 * Whether the site has ever shown this version of the cookie text (src/lib/cookie-policy.ts).
 * @example isPublishedConsentVersion(cookieConsentPolicy.version) // true
 */
export function isPublishedConsentVersion(version: string): boolean {
  return published.has(version);
}

export const cookieConsentRecordSchema = z.strictObject({
  id: z.string().regex(VISITOR_ID_PATTERN),
  version: z
    .string()
    .regex(CONSENT_VERSION_PATTERN)
    .refine(isPublishedConsentVersion, { error: cookieConsentMessages.unknownVersion }),
  ...(Object.fromEntries(COOKIE_CATEGORIES.map((category) => [category, z.boolean()])) as Record<
    (typeof COOKIE_CATEGORIES)[number],
    z.ZodBoolean
  >),
});

export type CookieConsentRecord = z.infer<typeof cookieConsentRecordSchema>;
