/*
 * What the banner sends to be recorded (POST /api/consentimento-cookies): the anonymous id
 * and version of its cookie and one yes/no per optional category. Nothing else is accepted.
 */
import { COOKIE_CATEGORIES } from '@content/cookie-consent';
import { CONSENT_VERSION_PATTERN, VISITOR_ID_PATTERN } from '../cookie-consent';
import { z } from './zod';

export const cookieConsentRecordSchema = z.strictObject({
  id: z.string().regex(VISITOR_ID_PATTERN),
  version: z.string().regex(CONSENT_VERSION_PATTERN),
  ...(Object.fromEntries(COOKIE_CATEGORIES.map((category) => [category, z.boolean()])) as Record<
    (typeof COOKIE_CATEGORIES)[number],
    z.ZodBoolean
  >),
});

export type CookieConsentRecord = z.infer<typeof cookieConsentRecordSchema>;
