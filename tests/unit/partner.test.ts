import { describe, expect, it } from 'vitest';
import { partnerDefaults, partners } from '../../src/lib/content-data';
import {
  fillPartner,
  findPartner,
  nameFromSlug,
  normalizePartnerSlug,
  parseAttribution,
  partnerAttribution,
  partnerDisplayName,
  resolveUtm,
} from '../../src/lib/partner';

const known = [
  { id: 'carol-imoveis', name: 'Carol Imóveis', vanity: true, active: true },
  { id: 'rafa-corretor', name: 'Rafa Corretor', vanity: false, active: true },
  { id: 'antigo-parceiro', name: 'Antigo Parceiro S/A', vanity: true, active: false },
];

describe.each([
  ['maria-silva', 'Maria Silva'],
  ['joão-de-sá', 'João De Sá'],
  ['ana', 'Ana'],
  ['imob-2000', 'Imob 2000'],
])('nameFromSlug(%s)', (slug, expected) => {
  it(`is ${expected}`, () => expect(nameFromSlug(slug)).toBe(expected));
});

describe.each([
  ['carol-imoveis', 'Carol Imóveis'],
  ['rafa-corretor', 'Rafa Corretor'],
  ['maria-silva', 'Maria Silva'],
  // An inactive partner is no longer vouched for by name: the slug is spelled out instead.
  ['antigo-parceiro', 'Antigo Parceiro'],
  [undefined, 'Parceiro'],
  ['', 'Parceiro'],
])('partnerDisplayName(%s)', (slug, expected) => {
  it(`is ${expected}`, () => expect(partnerDisplayName(known, slug, 'Parceiro')).toBe(expected));
});

describe('the real partner list', () => {
  it('names its three known partners from content, not from the slug', () => {
    expect(partners).toHaveLength(3);
    for (const partner of partners) {
      expect(partnerDisplayName(partners, partner.id, partnerDefaults.fallbackName)).toBe(partner.name);
    }
  });
  it('has at least one vanity partner', () => expect(partners.some((p) => p.vanity && p.active)).toBe(true));
});

describe.each([
  ['maria-silva', 'maria-silva'],
  ['Maria-Silva', 'maria-silva'],
  ['joão-de-sá', 'joão-de-sá'],
  [' rafa ', 'rafa'],
  ['a.b', undefined],
  ['<script>', undefined],
  ['maria--silva', undefined],
  ['-maria', undefined],
  ['maria silva', undefined],
  ['', undefined],
  [undefined, undefined],
  ['a'.repeat(61), undefined],
  ['a'.repeat(60), 'a'.repeat(60)],
  ['joa\u0303o', 'joão'],
  ['ωmega', undefined],
  ['раypal', undefined],
  ['maria-\u202esilva', undefined],
  ['①②', undefined],
  ['maria%20silva', undefined],
])('normalizePartnerSlug(%s)', (segment, expected) => {
  it(`is ${String(expected)}`, () => expect(normalizePartnerSlug(segment)).toBe(expected));
});

describe('findPartner', () => {
  it('finds active partners only', () => {
    expect(findPartner(known, 'carol-imoveis')?.name).toBe('Carol Imóveis');
    expect(findPartner(known, 'antigo-parceiro')).toBeUndefined();
    expect(findPartner(known, undefined)).toBeUndefined();
  });
});

describe('partnerAttribution', () => {
  it('uses the slug as the campaign', () => {
    expect(partnerAttribution('maria-silva', partnerDefaults)).toEqual({
      utm_source: 'parceria',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'maria-silva',
      partner_slug: 'maria-silva',
    });
  });
  it('falls back to the generic campaign without a slug', () => {
    expect(partnerAttribution(undefined, partnerDefaults)).toEqual({
      utm_source: 'parceria',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'parceiro-generico',
      partner_slug: '',
    });
  });
});

describe('resolveUtm', () => {
  const defaults = partnerAttribution('carol-imoveis', partnerDefaults);

  it('uses every default when the URL has no utm_*', () => {
    expect(resolveUtm('?foo=1', defaults)).toEqual({
      utm_source: 'parceria',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'carol-imoveis',
    });
  });
  it("keeps the URL's own values and fills only the missing ones", () => {
    expect(resolveUtm('?utm_source=instagram&utm_campaign=stories', defaults)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'stories',
    });
  });
  it('treats a blank URL value as missing', () => {
    expect(resolveUtm(new URLSearchParams('utm_medium=%20'), defaults).utm_medium).toBe('landing-parceiro');
  });
  it('passes the URL through on pages without defaults', () => {
    expect(resolveUtm('utm_source=google', undefined)).toEqual({
      utm_source: 'google',
      utm_medium: '',
      utm_campaign: '',
    });
  });
});

describe('parseAttribution', () => {
  it('round-trips what the page renders', () => {
    const value = partnerAttribution('rafa-corretor', partnerDefaults);
    expect(parseAttribution(JSON.stringify(value))).toEqual(value);
  });
  it('drops unknown keys and non-string values', () => {
    expect(parseAttribution('{"utm_source":"parceria","utm_medium":3,"evil":"x"}')).toEqual({ utm_source: 'parceria' });
  });
  it.each([undefined, null, '', 'not json', '"text"', 'null'])('ignores %s', (input) => {
    expect(parseAttribution(input)).toBeUndefined();
  });
});

describe('fillPartner', () => {
  it('replaces every token', () => {
    expect(fillPartner('{parceiro} recomenda. Por que {parceiro}?', 'Ana', '{parceiro}')).toBe(
      'Ana recomenda. Por que Ana?',
    );
  });
});
