/*
 * What a visit's dimensions may be once stored: the site's own vocabulary, not free text.
 * Everything the beacon, the pixel or a lead form sends is anonymous input, and every
 * dimension becomes a key of the roll-ups, so each is bounded here before it is kept:
 * - a path is one of the site's routes (its fixed pages, legal pages, known partners'
 *   pages, the blog) or a route pattern (`/parceiro/[slug]`, `/blog/tag/[tag]`), else
 *   OTHER_PATH;
 * - a partner is a known one (content/partners), else FOLDED (~/lib/attribution.ts);
 * - a CTA is one of the site's lead buttons (~/lib/attribution.ts `CTA_SOURCES`), else FOLDED;
 * - utm_* values are cleaned (control and bidi characters out, spaces collapsed) and cut
 *   to MAX_UTM_LENGTH; their case is kept, as the sales reports group the leads' values;
 * - a referrer is a host name, lower-cased, else dropped.
 * How many distinct values a day may hold is capped apart (./value-registry.ts). Pure code.
 */
import { partners } from '~/lib/content-data';
import { normalizePartnerSlug } from '~/lib/partner';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '~/lib/slug';
import { STATIC_PUBLIC_PATHS } from '~/lib/sitemap';
import { CTA_SOURCES, FOLDED } from '~/lib/attribution';
import type { EventInput } from './beacon-input';

/** What a path that is none of the site's routes is stored as. */
export const OTHER_PATH = '(outra)';
/** A campaign name longer than this is not one a person typed into a link. */
export const MAX_UTM_LENGTH = 100;

/** Legal pages are served at /{file name} (src/pages/[legal].astro). */
const LEGAL_PATHS = Object.keys(import.meta.glob('../../../content/legal/*.md')).map(
  (file) => `/${file.replace(/^.*\/|\.md$/g, '')}`,
);
const KNOWN_PARTNERS = new Set(partners.map((partner) => partner.id));
/** Pages served at a fixed path: the indexable ones, the no-JavaScript forms' pages and the LGPD request pages. */
const ROUTES = new Set<string>([
  ...STATIC_PUBLIC_PATHS,
  ...LEGAL_PATHS,
  '/blog',
  '/contato/enviar',
  '/implementacao-sistema/enviar',
  '/lgpd/solicitacao',
  '/lgpd/confirmar',
  '/obrigado',
  ...partners.flatMap((partner) => [`/parceiro/${partner.id}`, ...(partner.vanity ? [`/${partner.id}`] : [])]),
]);
const CTAS = new Set<string>(CTA_SOURCES);

const isSlug = (text: string) => text.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(text);

/**
 * Text without control, format (bidi overrides, zero-width) or line characters, spaces
 * collapsed and trimmed, at most `max` characters.
 * @example cleanText(' Black\u202E  Friday\n', 100) // "Black Friday"
 */
export function cleanText(text: string, max: number): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * The route a path belongs to: itself when it is one of the site's pages or a blog post,
 * its pattern for the pages any slug opens, else OTHER_PATH.
 * @example sitePath('/planos') // "/planos"
 * @example sitePath('/parceiro/maria-silva') // "/parceiro/[slug]"
 * @example sitePath('/wp-login.php') // "(outra)"
 */
export function sitePath(path: string): string {
  const lower = path.toLowerCase();
  if (ROUTES.has(lower)) return lower;
  const [, first, second, third, rest] = lower.split('/');
  if (first === 'blog' && second && rest === undefined) {
    if (second === 'tag' && third) return '/blog/tag/[tag]';
    if (second === 'pagina' && third && /^\d{1,4}$/.test(third)) return '/blog/pagina/[n]';
    // A post: its slug is kept (the blog's posts live in the database); the day's cap bounds a flood.
    if (third === undefined && isSlug(second)) return `/blog/${second}`;
  }
  if (first === 'parceiro' && second && third === undefined && normalizePartnerSlug(second)) return '/parceiro/[slug]';
  return OTHER_PATH;
}

/** A known partner's slug, '' for none, FOLDED for any other. */
export function partnerValue(slug: string): string {
  if (!slug.trim()) return '';
  const normal = normalizePartnerSlug(slug);
  return normal && KNOWN_PARTNERS.has(normal) ? normal : FOLDED;
}

/** One of the site's CTA sources, '' for none, FOLDED for any other. */
export function ctaValue(cta: string): string {
  const clean = cta.trim();
  if (!clean) return '';
  return CTAS.has(clean) ? clean : FOLDED;
}

/** A utm_* value as kept: cleaned and cut. */
export const utmValue = (value: string): string => cleanText(value, MAX_UTM_LENGTH);

/**
 * A referring site's host name, lower-cased; '' when it is not one.
 * @example referrerHost('WWW.Google.com') // "www.google.com"
 */
export function referrerHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}(?::\d{1,5})?$/.test(lower) && lower.length <= 253 ? lower : '';
}

/** An event with every dimension in the site's vocabulary (before the day's cap). */
export function siteEvent(event: EventInput): EventInput {
  return {
    ...event,
    path: sitePath(event.path),
    referrer: referrerHost(event.referrer),
    source: utmValue(event.source),
    medium: utmValue(event.medium),
    campaign: utmValue(event.campaign),
    partner: partnerValue(event.partner),
    cta: ctaValue(event.cta),
  };
}
