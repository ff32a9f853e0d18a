/*
 * The personal data of cookie choices (src/server/db/personal-data.ts has the shape): a
 * random id per browser, which names nobody by itself.
 */
import type { PersonalDataPart } from '../db/personal-data';

export const cookieConsentPersonalData: PersonalDataPart = {
  tables: {
    cookie_consents: { holds: 'pseudonymous', kept: "the cookie's random id, for good: the proof of the choice" },
  },
};
