/*
 * What each connector's body says about a lead, built from the lead as the form sent it
 * (toLeadRecord): marketing consent only from the optional box, ticked under a published
 * version, in each vendor's documented shape — RD Station's legal_bases only then, HubSpot's
 * communications checkbox true only then — and never from the notice under the button.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consentNotices } from '~/copy/consent-notices';
import type { LeadInput } from '~/lib/validation/lead';
import { parseConnectors } from '~/server/connectors/config';
import { hubSpotBody, rdStationBody, splitName } from '~/server/connectors/payloads';
import { toLeadRecord } from '~/server/leads/lead-record';

const SITE = 'https://pilota.example';
const connectors = parseConnectors(
  {
    RDSTATION_API_KEY: 'k',
    HUBSPOT_PORTAL_ID: '123',
    HUBSPOT_FORM_GUID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    HUBSPOT_SUBSCRIPTION_TYPE_ID: '999',
    PIPEDRIVE_API_TOKEN: 't',
  },
  [],
);

const leadOf = (patch: Partial<LeadInput> = {}) =>
  toLeadRecord(
    {
      nome: 'Maria da Silva Souza',
      email: 'maria@example.com',
      celular: '(11) 98765-4321',
      tipo: 'proprietario',
      pagina_origem: '/gestao',
      consent_version: consentNotices.lead.version,
      marketing_version: consentNotices.marketing.version,
      ...patch,
    },
    {
      id: randomUUID(),
      now: new Date('2026-11-20T12:00:00Z'),
      submissionKey: randomUUID(),
      ipHash: null,
      userAgent: null,
    },
  );

const LEAD_TEXT = `${consentNotices.lead.before}Política de Privacidade (${SITE}/politica-de-privacidade).`;
const MARKETING_TEXT = consentNotices.marketing.before;

describe('marketing consent in the CRM bodies', () => {
  it('ticked: RD Station gets communications consent granted, HubSpot the checkbox true', () => {
    const lead = leadOf({ marketing_opt_in: true });
    expect(rdStationBody(lead, connectors.rdstation!).payload.legal_bases).toEqual([
      { category: 'communications', type: 'consent', status: 'granted' },
    ]);
    expect(hubSpotBody(lead, connectors.hubspot!, SITE).legalConsentOptions).toEqual({
      consent: {
        consentToProcess: true,
        text: LEAD_TEXT,
        communications: [{ value: true, subscriptionTypeId: 999, text: MARKETING_TEXT }],
      },
    });
  });

  it('not ticked, or ticked on a post without a published box: no RD legal basis, HubSpot checkbox false', () => {
    for (const patch of [
      {},
      { marketing_opt_in: false },
      { marketing_opt_in: true, marketing_version: undefined },
      { marketing_opt_in: true, marketing_version: 'inventada-v9' },
    ]) {
      const lead = leadOf(patch);
      expect(rdStationBody(lead, connectors.rdstation!).payload).not.toHaveProperty('legal_bases');
      const hubspot = hubSpotBody(lead, connectors.hubspot!, SITE);
      expect(hubspot.legalConsentOptions?.consent.communications).toEqual([
        { value: false, subscriptionTypeId: 999, text: MARKETING_TEXT },
      ]);
      expect(JSON.stringify(hubspot)).not.toMatch(/legitimateInterest|LEGITIMATE_INTEREST/);
    }
  });

  it('a lead without a published notice version claims no consent to HubSpot at all', () => {
    const lead = leadOf({ consent_version: 'v1', marketing_opt_in: true });
    expect(lead.consentVersion).toBe('nao-publicada');
    expect(hubSpotBody(lead, connectors.hubspot!, SITE)).not.toHaveProperty('legalConsentOptions');
  });

  it('HubSpot gets firstname and lastname: the first word, then the rest', () => {
    expect(splitName('  Maria   da Silva Souza ')).toEqual(['Maria', 'da Silva Souza']);
    expect(splitName('Cher')).toEqual(['Cher', '']);
    expect(hubSpotBody(leadOf(), connectors.hubspot!, SITE).fields).toEqual([
      { objectTypeId: '0-1', name: 'firstname', value: 'Maria' },
      { objectTypeId: '0-1', name: 'lastname', value: 'da Silva Souza' },
      { objectTypeId: '0-1', name: 'email', value: 'maria@example.com' },
      { objectTypeId: '0-1', name: 'mobilephone', value: '+5511987654321' },
    ]);
  });
});
