/*
 * Proof of consent: the notice texts and their manifest must agree, so a
 * text changed without a new version fails `npm test` here (and `astro build` through
 * src/integrations/consent-manifest.mjs). The hash is computed here on its own from the
 * canonical text, not read from the code under test.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consentNotices } from '~/copy/consent-notices';
import { consentNotice } from '~/copy/messages/lead';
import { cmsConfig } from '~/cms/cms-config';
import { consentNoticeText } from '~/lib/consent-notice';
import { consentManifest, consentProof, manifestProblems } from '~/server/consent/consent-proof';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('LGPD notices and their manifest', () => {
  it('every current notice version is in the committed manifest with the hash of its exact text', () => {
    expect(manifestProblems()).toEqual([]);
    const committed = JSON.parse(readFileSync('content/consent-notices.manifest.json', 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    for (const [key, notice] of Object.entries(consentNotices)) {
      const text = `${notice.before}[${notice.linkText}](${notice.href})${notice.after}`;
      expect(consentNoticeText(notice)).toBe(text);
      expect(committed[key]?.[notice.version], key).toBe(sha256(text));
    }
  });

  it('a text changed under the same version is reported, naming the notice', () => {
    const changed = { ...consentNotices, lead: { ...consentNotices.lead, after: ', inclusive por WhatsApp.' } };
    const problems = manifestProblems(changed, consentManifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^lead: the text of version 2026-11-lead-v1 changed/);
  });

  it('a changed link target counts as a changed text', () => {
    const moved = { ...consentNotices, implementacao: { ...consentNotices.implementacao, href: '/lgpd' } };
    expect(manifestProblems(moved, consentManifest)).toEqual([expect.stringMatching(/^implementacao: the text/)]);
  });

  it('a new version not recorded yet is reported too', () => {
    const bumped = { ...consentNotices, lead: { ...consentNotices.lead, version: '2027-01-lead-v2' } };
    expect(manifestProblems(bumped, consentManifest)).toEqual([
      expect.stringMatching(/^lead: version 2027-01-lead-v2 is not in .*consent:manifest/),
    ]);
  });

  it('the lead form shows the versioned lead notice', () => {
    expect(consentNotice).toBe(consentNotices.lead);
  });

  it('a submission gets the hash of the version it names; an unknown version is recorded as the current one', () => {
    const current = consentNotices.lead;
    const hash = sha256(consentNoticeText(current));
    expect(consentProof('lead', current.version)).toEqual({ version: current.version, textSha256: hash });
    expect(consentProof('lead', 'inventada-v9')).toEqual({ version: current.version, textSha256: hash });
    expect(consentProof('lead', undefined)).toEqual({ version: current.version, textSha256: hash });
  });

  it('the CMS offers no notice for editing: rows name published versions, so a change is a reviewed new version', () => {
    expect(JSON.stringify(cmsConfig)).not.toContain('consent-notices');
  });
});
