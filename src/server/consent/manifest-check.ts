/*
 * The consent manifest check, with relative imports only: the Astro integration
 * (src/integrations/consent-manifest.mjs) loads it while the config is read, before the
 * project's path aliases exist. See ./consent-proof.ts for what the manifest proves.
 */
import { createHash } from 'node:crypto';
import consentNotices from '../../../content/consent-notices.json';
import published from '../../../content/consent-notices.manifest.json';
import { consentNoticeText, type ConsentNotice } from '../../lib/consent-notice';

/** notice key → version → SHA-256 (hex) of the canonical text. */
export type ConsentManifest = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The manifest as committed. */
export const consentManifest: ConsentManifest = published;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What is wrong between the notices and the manifest, one line each (empty: all good): a
 * current version missing from the manifest, or recorded with the hash of another text.
 * @example manifestProblems(consentNotices, {}) // ['lead: version 2026-11-lead-v1 is not in …', …]
 */
export function manifestProblems(
  notices: Readonly<Record<string, ConsentNotice>> = consentNotices,
  manifest: ConsentManifest = consentManifest,
): string[] {
  const problems: string[] = [];
  for (const [key, notice] of Object.entries(notices)) {
    const hash = sha256Hex(consentNoticeText(notice));
    const recorded = manifest[key]?.[notice.version];
    if (recorded === undefined) {
      problems.push(
        `${key}: version ${notice.version} is not in content/consent-notices.manifest.json — run \`npm run consent:manifest\``,
      );
    } else if (recorded !== hash) {
      problems.push(
        `${key}: the text of version ${notice.version} changed (manifest ${recorded.slice(0, 12)}…, text ${hash.slice(0, 12)}…) — give the notice a new version in content/consent-notices.json, then run \`npm run consent:manifest\``,
      );
    }
  }
  return problems;
}
