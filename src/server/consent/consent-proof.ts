/*
 * Proof of consent (LGPD art. 8): which version of a form's LGPD notice a
 * submission was shown, the SHA-256 of that version's exact text, the time and the page.
 *
 * The hash of every published version lives in content/consent-notices.manifest.json.
 * `manifestProblems` compares it with the notices in content/: a text changed under the
 * same version is an error (the stored hashes would then prove a text nobody saw), which
 * fails both `npm test` and `astro build`. The server takes a submission's hash from the
 * manifest by the version the form sent — a page cached from before a deploy still names
 * the text it showed. A missing version, or one the site never published (a hand-made post),
 * is recorded as UNPUBLISHED_VERSION with no hash: the row proves nobody saw a known text,
 * and is never upgraded to the current one.
 *
 * A lead also answers the optional marketing box (notice "marketing"): its row keeps the
 * box's version shown, that text's hash and whether it was ticked. Ticked without a known
 * version counts as not ticked ("sem consentimento de marketing").
 */
import { consentNotices, type ConsentNoticeKey } from '~/copy/consent-notices';
import { consentNoticeText } from '~/lib/consent-notice';
import { bulkInsert } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { formConsents, type ConsentSubject } from '../db/schema/lgpd';
import { consentManifest, sha256Hex } from './manifest-check';

export { consentManifest, manifestProblems, sha256Hex, type ConsentManifest } from './manifest-check';

export interface ConsentProof {
  version: string;
  textSha256: string;
}

/** What a submission without a published notice version records instead of a version. */
export const UNPUBLISHED_VERSION = 'nao-publicada';

/** The proof of a version the site published, or undefined for a missing or unknown one. */
export function publishedProof(notice: ConsentNoticeKey, version?: string | undefined): ConsentProof | undefined {
  const known = version ? consentManifest[notice]?.[version] : undefined;
  return version && known ? { version, textSha256: known } : undefined;
}

/** The version and text hash to store for a submission of `notice` that said it showed `version`. */
export function consentProof(notice: ConsentNoticeKey, version?: string | undefined): ConsentProof {
  return publishedProof(notice, version) ?? { version: UNPUBLISHED_VERSION, textSha256: '' };
}

/** The current text's proof (for tests and the manifest script's readers). */
export function currentProof(notice: ConsentNoticeKey): ConsentProof {
  const current = consentNotices[notice];
  return { version: current.version, textSha256: sha256Hex(consentNoticeText(current)) };
}

export interface FormConsentInput {
  subjectId: string;
  /** The version the form sent (hidden field); unknown or absent is recorded as UNPUBLISHED_VERSION. */
  version?: string | undefined;
  /** A lead's marketing box: the version shown (when known) and whether it was ticked. */
  marketing?: { version: string | null; consent: boolean } | undefined;
  page: string;
  at: Date;
}

/** Inserts the consent rows of fresh submissions, inside the caller's transaction (one statement). */
export async function recordFormConsents(
  tx: DbOrTx,
  notice: ConsentSubject,
  consents: readonly FormConsentInput[],
): Promise<void> {
  await bulkInsert(
    tx,
    formConsents,
    consents.map((consent) => {
      const proof = consentProof(notice, consent.version);
      const marketing = consent.marketing?.version ? publishedProof('marketing', consent.marketing.version) : undefined;
      return {
        subjectType: notice,
        subjectId: consent.subjectId,
        version: proof.version,
        textSha256: proof.textSha256,
        page: consent.page.slice(0, 500),
        consentedAt: consent.at,
        marketingVersion: marketing?.version ?? null,
        marketingTextSha256: marketing?.textSha256 ?? null,
        marketingConsent: Boolean(marketing && consent.marketing?.consent),
      };
    }),
  );
}
