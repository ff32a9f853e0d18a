/*
 * The server-side record of cookie choices: each choice a browser makes is
 * appended, never updated, so what a visitor agreed to at any moment can be shown later.
 */
import { asc, eq } from 'drizzle-orm';
import type { CookieConsentRecord } from '~/lib/validation/cookie-consent';
import type { DbOrTx } from '../db/client';
import { cookieConsents, type CookieConsentRow } from '../db/schema/cookie-consents';
import type { ServiceDeps } from '../service-deps';
import type { Clock } from '../clock';

/** The cookie choices of one runtime (built in src/server/compose.ts). */
export interface CookieConsentService {
  /** Appends one choice, stamped with the server's clock. */
  record(record: CookieConsentRecord): Promise<void>;
  /** Every recorded choice of one anonymous id, oldest first. */
  history(visitorId: string): Promise<CookieConsentRow[]>;
}

export function createCookieConsentService(deps: Pick<ServiceDeps, 'db' | 'now'>): CookieConsentService {
  return {
    record: (record) => recordCookieConsent(record, deps),
    history: (visitorId) => cookieConsentHistory(deps.db, visitorId),
  };
}

export interface RecordDeps {
  db: DbOrTx;
  now: Clock;
}

/** Appends one choice, stamped with the server's clock (the browser's is not evidence). */
export async function recordCookieConsent(record: CookieConsentRecord, { db, now }: RecordDeps): Promise<void> {
  await db.insert(cookieConsents).values({
    visitorId: record.id,
    version: record.version,
    analytics: record.analytics,
    functionality: record.functionality,
    marketing: record.marketing,
    recordedAt: now(),
  });
}

/** Every recorded choice of one anonymous id, oldest first: what it agreed to, and when. */
export function cookieConsentHistory(db: DbOrTx, visitorId: string): Promise<CookieConsentRow[]> {
  return db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.visitorId, visitorId))
    .orderBy(asc(cookieConsents.recordedAt), asc(cookieConsents.id));
}
