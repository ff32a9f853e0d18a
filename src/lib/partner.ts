/**
 * Partner (influencer) landing pages: who recommends us, and how a lead sent from
 * their page is attributed. Pure code, shared by the pages (server) and the lead
 * form (browser); the partner list and the default values come from
 * content/partners/<slug>.yaml and are passed in, so this module imports nothing of ours.
 */

/** The UTM fields a lead carries (SPEC §3). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Record<UtmKey, string>;

/**
 * What a partner page tells the lead form: the UTM values to use where the
 * visitor's URL has none, plus the partner's slug ('' on the generic /parceiro page).
 * Serialised as JSON into `<body data-utm-defaults='…'>`.
 */
export interface PartnerAttribution extends Utm {
  partner_slug: string;
}

export interface KnownPartner {
  id: string;
  name: string;
  vanity: boolean;
  active: boolean;
}

export interface PartnerDefaults {
  fallbackName: string;
  utmSource: string;
  utmMedium: string;
  utmCampaignFallback: string;
}

/*
 * A slug is what we accept in /parceiro/{slug}: a Brazilian name's letters (a–z and the
 * accented Latin ones: á, ã, ç, é…), digits and single hyphens, at most 60 characters.
 * Anything else (other scripts, look-alike letters, dots, spaces, markup, very long
 * strings) is not a partner, and the route answers 404 rather than printing arbitrary text
 * as "Recomendado por …".
 */
const SLUG_PATTERN = /^[a-z0-9à-öø-ÿ]+(?:-[a-z0-9à-öø-ÿ]+)*$/;
const MAX_SLUG_LENGTH = 60;

/**
 * Normalises a path segment into a partner slug, or `undefined` when it cannot be one.
 * Case is folded so /parceiro/Carol-Imoveis finds the same partner as /parceiro/carol-imoveis.
 * @example normalizePartnerSlug('Maria-Silva') // "maria-silva"
 * @example normalizePartnerSlug('a.b')         // undefined
 */
export function normalizePartnerSlug(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  const slug = segment.trim().normalize('NFC').toLowerCase();
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) return undefined;
  return slug;
}

/**
 * A display name made from a slug: split on hyphens, each word capitalised.
 * @example nameFromSlug('maria-silva') // "Maria Silva"
 * @example nameFromSlug('joão-de-sá')  // "João De Sá"
 */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1))
    .join(' ');
}

/**
 * The active known partner with this slug, if any.
 * @example findPartner(partners, 'carol-imoveis')?.name // "Carol Imóveis"
 */
export function findPartner<P extends KnownPartner>(known: readonly P[], slug: string | undefined): P | undefined {
  if (!slug) return undefined;
  return known.find((partner) => partner.active && partner.id === slug);
}

/**
 * The name shown as "Recomendado por {name}": the known partner's name, otherwise
 * the slug split on hyphens and capitalised, and the fallback when there is no slug.
 * @example partnerDisplayName(partners, 'carol-imoveis', 'Parceiro') // "Carol Imóveis"
 * @example partnerDisplayName(partners, 'maria-silva', 'Parceiro')   // "Maria Silva"
 * @example partnerDisplayName(partners, undefined, 'Parceiro')       // "Parceiro"
 */
export function partnerDisplayName(
  known: readonly KnownPartner[],
  slug: string | undefined,
  fallbackName: string,
): string {
  if (!slug) return fallbackName;
  return findPartner(known, slug)?.name ?? (nameFromSlug(slug) || fallbackName);
}

/**
 * The attribution defaults of a partner page (SPEC §5): source and medium are fixed,
 * the campaign is the partner slug taken from the path, or the generic fallback when
 * the page has no slug.
 * @example partnerAttribution('maria-silva', defaults)
 * // { utm_source: "parceria", utm_medium: "landing-parceiro", utm_campaign: "maria-silva", partner_slug: "maria-silva" }
 * @example partnerAttribution(undefined, defaults).utm_campaign // "parceiro-generico"
 */
export function partnerAttribution(slug: string | undefined, defaults: PartnerDefaults): PartnerAttribution {
  return {
    utm_source: defaults.utmSource,
    utm_medium: defaults.utmMedium,
    utm_campaign: slug || defaults.utmCampaignFallback,
    partner_slug: slug ?? '',
  };
}

/**
 * The UTM values a lead is sent with: each `utm_*` the visitor's URL carries wins,
 * and only the ones it lacks (absent or blank) take the page's default. Pages
 * without defaults (everything but the partner pages) simply pass the URL's values on.
 * @example resolveUtm('?utm_source=instagram', { utm_source: 'parceria', utm_medium: 'landing-parceiro', utm_campaign: 'x' })
 * // { utm_source: "instagram", utm_medium: "landing-parceiro", utm_campaign: "x" }
 * @example resolveUtm('', undefined) // { utm_source: "", utm_medium: "", utm_campaign: "" }
 */
export function resolveUtm(search: string | URLSearchParams, defaults: Partial<Utm> | undefined): Utm {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const pick = (key: UtmKey) => params.get(key)?.trim() || defaults?.[key] || '';
  return { utm_source: pick('utm_source'), utm_medium: pick('utm_medium'), utm_campaign: pick('utm_campaign') };
}

/**
 * Reads the JSON a partner page puts in `data-utm-defaults` (on `<body>`), tolerating
 * a missing or malformed attribute: only string values of known keys are kept.
 * @example parseAttribution('{"utm_source":"parceria","partner_slug":"maria-silva"}')
 * // { utm_source: "parceria", partner_slug: "maria-silva" }
 * @example parseAttribution(undefined) // undefined
 */
export function parseAttribution(json: string | null | undefined): Partial<PartnerAttribution> | undefined {
  if (!json) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const result: Partial<PartnerAttribution> = {};
  for (const key of [...UTM_KEYS, 'partner_slug'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The body attribute that carries a page's attribution defaults (see PartnerAttribution). */
export const ATTRIBUTION_ATTRIBUTE = 'data-utm-defaults';

/**
 * Replaces every "{parceiro}" token in partner copy with the display name.
 * @example fillPartner('Recomendado por {parceiro}', 'Maria Silva', '{parceiro}') // "Recomendado por Maria Silva"
 */
export function fillPartner(text: string, name: string, placeholder: string): string {
  return text.split(placeholder).join(name);
}
