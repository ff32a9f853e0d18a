/*
 * Proof of consent (LGPD art. 8): which version of a form's LGPD notice a
 * submission was shown, the SHA-256 of that version's exact text, the time and the page.
 *
 * The hash of every published version lives in content/consent-notices.manifest.json.
 * `manifestProblems` compares it with the notices in content/: a text changed under the
 * same version is an error (the stored hashes would then prove a text nobody saw), which
 * fails both `npm test` and `astro build`. The server takes a submission's hash from the
 * manifest by the version the form sent — a page cached from before a deploy still names
 * the text it showed; a version the site never published is recorded as the current one.
 */
import { consentNotices, type ConsentNoticeKey } from '~/copy/consent-notices';
import { consentNoticeText } from '~/lib/consent-notice';
import { bulkInsert } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { formConsents } from '../db/schema/lgpd';
import { consentManifest, sha256Hex } from './manifest-check';

export { consentManifest, manifestProblems, sha256Hex, type ConsentManifest } from './manifest-check';

export interface ConsentProof {
  version: string;
  textSha256: string;
}

/** The version and text hash to store for a submission of `notice` that said it showed `version`. */
export function consentProof(notice: ConsentNoticeKey, version?: string | undefined): ConsentProof {
  const known = version ? consentManifest[notice]?.[version] : undefined;
  if (version && known) return { version, textSha256: known };
  const current = consentNotices[notice];
  return { version: current.version, textSha256: sha256Hex(consentNoticeText(current)) };
}

export interface FormConsentInput {
  subjectId: string;
  /** The version the form sent (hidden field); unknown or absent means the current one. */
  version?: string | undefined;
  page: string;
  at: Date;
}

/** Inserts the consent rows of fresh submissions, inside the caller's transaction (one statement). */
export async function recordFormConsents(
  tx: DbOrTx,
  notice: ConsentNoticeKey,
  consents: readonly FormConsentInput[],
): Promise<void> {
  await bulkInsert(
    tx,
    formConsents,
    consents.map((consent) => {
      const proof = consentProof(notice, consent.version);
      return {
        subjectType: notice,
        subjectId: consent.subjectId,
        version: proof.version,
        textSha256: proof.textSha256,
        page: consent.page.slice(0, 500),
        consentedAt: consent.at,
      };
    }),
  );
}
