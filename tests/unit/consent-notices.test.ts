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
import { consentNotice, marketingNotice } from '~/copy/messages/lead';
import { cmsConfig } from '~/cms/cms-config';
import { consentNoticePlainText, consentNoticeText, type ConsentNotice } from '~/lib/consent-notice';
import {
  consentManifest,
  consentProof,
  manifestProblems,
  publishedProof,
  UNPUBLISHED_VERSION,
} from '~/server/consent/consent-proof';
import { marketingAnswer } from '~/server/leads/lead-record';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('LGPD notices and their manifest', () => {
  it('every current notice version is in the committed manifest with the hash of its exact text', () => {
    expect(manifestProblems()).toEqual([]);
    const committed = JSON.parse(readFileSync('content/consent-notices.manifest.json', 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    for (const [key, notice] of Object.entries(consentNotices) as [string, ConsentNotice][]) {
      const text = notice.linkText
        ? `${notice.before}[${notice.linkText}](${notice.href})${notice.after}`
        : `${notice.before}${notice.after ?? ''}`;
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

  it('a submission gets the hash of the version it names; a missing or unknown one is never taken for the current one', () => {
    const current = consentNotices.lead;
    const hash = sha256(consentNoticeText(current));
    expect(consentProof('lead', current.version)).toEqual({ version: current.version, textSha256: hash });
    const unpublished = { version: UNPUBLISHED_VERSION, textSha256: '' };
    expect(consentProof('lead', 'inventada-v9')).toEqual(unpublished);
    expect(consentProof('lead', undefined)).toEqual(unpublished);
    expect(consentProof('lead', '')).toEqual(unpublished);
  });

  it('the marketing box is a notice of its own, without a link, and the lead notice does not claim its purpose', () => {
    expect(marketingNotice).toBe(consentNotices.marketing);
    expect(consentNoticeText(marketingNotice)).toBe(
      'Quero receber novidades e conteúdos da Pilota por e-mail. Posso cancelar quando quiser.',
    );
    expect(publishedProof('marketing', marketingNotice.version)?.textSha256).toBe(
      sha256(consentNoticeText(marketingNotice)),
    );
    expect(consentNotice.before).not.toMatch(/novidades|marketing/i);
  });

  it('the marketing answer: consent only when ticked under a published version', () => {
    const version = marketingNotice.version;
    expect(marketingAnswer({ marketing_version: version, marketing_opt_in: true })).toEqual({
      marketingVersion: version,
      marketingConsent: true,
    });
    expect(marketingAnswer({ marketing_version: version, marketing_opt_in: false })).toEqual({
      marketingVersion: version,
      marketingConsent: false,
    });
    expect(marketingAnswer({ marketing_version: version })).toEqual({
      marketingVersion: version,
      marketingConsent: false,
    });
    // Ticked on a hand-made post: no box the site published was shown, so no consent.
    for (const unknown of [undefined, 'inventada-v9'])
      expect(marketingAnswer({ marketing_version: unknown, marketing_opt_in: true })).toEqual({
        marketingVersion: null,
        marketingConsent: false,
      });
  });

  it('a CRM gets the notice as plain text with the policy at an absolute address', () => {
    expect(consentNoticePlainText(consentNotices.lead, 'https://pilota.example')).toBe(
      `${consentNotices.lead.before}Política de Privacidade (https://pilota.example/politica-de-privacidade).`,
    );
    expect(consentNoticePlainText(marketingNotice, 'https://pilota.example')).toBe(marketingNotice.before);
  });

  it('the CMS offers no notice for editing: rows name published versions, so a change is a reviewed new version', () => {
    expect(JSON.stringify(cmsConfig)).not.toContain('consent-notices');
  });
});
