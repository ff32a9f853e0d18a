/*
 * `npm run consent:manifest`: records the SHA-256 of every LGPD notice's current version in
 * content/consent-notices.manifest.json (see src/copy/consent-notices.ts). It only ever adds:
 * a version already recorded with another hash means its text changed without a new
 * version, and the script refuses, naming the notice — give it a new version instead.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import consentNotices from '../content/consent-notices.json' with { type: 'json' };
import { consentNoticeText } from '../src/lib/consent-notice.ts';

const file = new URL('../content/consent-notices.manifest.json', import.meta.url);
const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;

let added = 0;
let refused = 0;
for (const [key, notice] of Object.entries(consentNotices)) {
  const hash = createHash('sha256').update(consentNoticeText(notice), 'utf8').digest('hex');
  const versions = (manifest[key] ??= {});
  const recorded = versions[notice.version];
  if (recorded === hash) continue;
  if (recorded !== undefined) {
    console.error(`${key}: version ${notice.version} is recorded with another text; give the notice a new version`);
    refused++;
    continue;
  }
  versions[notice.version] = hash;
  console.log(`${key}: added version ${notice.version} (${hash})`);
  added++;
}
if (refused > 0) process.exit(1);
if (added > 0) writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
else console.log('content/consent-notices.manifest.json is up to date');
