/*
 * The connectors' pure parts: their variables checked like the rest of the environment (an
 * incomplete connector stops the start naming the missing variable), the secret kept out of
 * any text taken from a service's answer, Retry-After read in both of its forms, and the
 * values a lead becomes (E.164 phone, the page as a conversion slug).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/server/config';
import { redact } from '~/server/connectors/http';
import { rateLimitWaitMs, retryAfterMs } from '~/server/transport/retry-after';
import { pageSlug } from '~/server/connectors/payloads';
import { phoneE164 } from '~/lib/phone';
import { configErrorFor } from '../support/config-error';

const configError = configErrorFor;

describe('connector variables', () => {
  it('are all off by default, and each turns on with its key variable alone, the real hosts by default', () => {
    expect(parseConfig({}).connectors).toEqual({});
    const { connectors } = parseConfig({
      RDSTATION_API_KEY: 'k',
      HUBSPOT_PORTAL_ID: '123',
      HUBSPOT_FORM_GUID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      PIPEDRIVE_API_TOKEN: 't',
    });
    expect(connectors.rdstation).toMatchObject({
      baseUrl: 'https://api.rd.services',
      conversionIdentifier: 'site-pilota-{pagina}',
      customFields: { tipo: 'cf_tipo', pagina: 'cf_pagina', parceiro: 'cf_parceiro' },
    });
    expect(connectors.hubspot).toMatchObject({ baseUrl: 'https://api.hsforms.com', subscriptionTypeId: undefined });
    expect(connectors.pipedrive).toMatchObject({
      baseUrl: 'https://api.pipedrive.com',
      labels: {},
      channel: undefined,
    });
  });

  it('Pipedrive owners and deal stage: parsed, and a wrong value stops the start naming its variable', () => {
    const { pipedrive } = parseConfig({
      PIPEDRIVE_API_TOKEN: 't',
      PIPEDRIVE_OWNERS: 'Vera.Vendas@pilota.example=101, rui@pilota.example=102',
      PIPEDRIVE_DEAL_PIPELINE_ID: '3',
      PIPEDRIVE_DEAL_STAGE_ID: '12',
    }).connectors;
    expect(pipedrive).toMatchObject({
      owners: { 'vera.vendas@pilota.example': 101, 'rui@pilota.example': 102 },
      deal: { pipelineId: 3, stageId: 12 },
    });
    expect(configError({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_OWNERS: 'vera@pilota.example=Vera' })).toContain(
      'PIPEDRIVE_OWNERS: "vera@pilota.example=Vera" is not E-MAIL=USER_ID',
    );
    expect(configError({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_DEAL_STAGE_ID: '12' })).toContain(
      'PIPEDRIVE_DEAL_PIPELINE_ID: required with PIPEDRIVE_DEAL_STAGE_ID',
    );
  });

  it('an incomplete connector stops the start, naming the missing variable', () => {
    expect(configError({ HUBSPOT_PORTAL_ID: '123' })).toContain(
      'HUBSPOT_FORM_GUID: required for the HubSpot connector (HUBSPOT_PORTAL_ID is set)',
    );
    expect(configError({ RDSTATION_CUSTOM_FIELDS: 'tipo=cf_tipo' })).toContain(
      'RDSTATION_API_KEY: required for the RD Station connector (RDSTATION_CUSTOM_FIELDS is set)',
    );
    expect(configError({ PIPEDRIVE_LABELS: 'corretor=x' })).toContain('PIPEDRIVE_API_TOKEN: required');
  });

  it('a malformed value is named with its variable', () => {
    const message = configError({
      RDSTATION_API_KEY: 'k',
      RDSTATION_CUSTOM_FIELDS: 'tipo=segmento,cidade=cf_cidade',
      RDSTATION_BASE_URL: 'ftp://rd',
      PIPEDRIVE_API_TOKEN: 't',
      PIPEDRIVE_LABELS: 'inquilino=abc',
      PIPEDRIVE_CHANNEL: 'google',
    });
    expect(message).toContain('RDSTATION_CUSTOM_FIELDS: "segmento" is not an RD Station custom field');
    expect(message).toContain('RDSTATION_CUSTOM_FIELDS: "cidade=cf_cidade" is not LEAD_VALUE=FIELD');
    expect(message).toContain('RDSTATION_BASE_URL: the URL is not an http(s) URL (it is ftp:)');
    expect(message).toContain('PIPEDRIVE_LABELS: "inquilino=abc" is not TIPO=LABEL_ID');
    expect(message).toContain('PIPEDRIVE_CHANNEL: expected a whole number');
    expect(message).not.toMatch(/RDSTATION_API_KEY|PIPEDRIVE_API_TOKEN/);
  });
});

describe('connector texts', () => {
  it('redact hides the secret (plain or URL-encoded) and any key or token parameter', () => {
    expect(redact('Invalid key in /platform/conversions?api_key=abc+1&x=2', ['abc+1'])).toBe(
      'Invalid key in /platform/conversions?api_key=[oculto]&x=2',
    );
    expect(redact('got abc%2B1 back', ['abc+1'])).toBe('got [oculto] back');
    expect(redact('{"api_token":"zzz","token: yyy"}', [])).toBe('{"api_token":"[oculto]","token: [oculto]"}');
    expect(redact('Invalid token.', [])).toBe('Invalid token.');
  });

  it('Retry-After in seconds or as an HTTP date; a minute when absent', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(30_000);
    expect(retryAfterMs(null)).toBe(60_000);
    expect(retryAfterMs('soon')).toBe(60_000);
    // Pipedrive documents x-ratelimit-reset (seconds) instead; Retry-After wins when both come.
    expect(rateLimitWaitMs(new Headers({ 'x-ratelimit-reset': '2' }))).toBe(2_000);
    expect(rateLimitWaitMs(new Headers({ 'x-ratelimit-reset': '2', 'retry-after': '5' }))).toBe(5_000);
    expect(rateLimitWaitMs(new Headers({ 'x-ratelimit-reset': '1764417600' }))).toBe(60_000);
  });

  it('a phone in E.164 with Brazil’s code, and the page as a slug', () => {
    expect(phoneE164('(11) 98765-4321')).toBe('+5511987654321');
    expect(phoneE164('+55 11 98765-4321')).toBe('+5511987654321');
    expect(pageSlug('/')).toBe('inicio');
    expect(pageSlug('')).toBe('inicio');
    expect(pageSlug('https://pilota.example/Gestão/Imóveis/?utm_source=x#topo')).toBe('gestao-imoveis');
  });
});
