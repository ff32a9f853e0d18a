/**
 * Marketing and analytics tags: which are configured, where their scripts
 * come from, and the Content-Security-Policy sources they need — exactly those, nothing more.
 *
 * Read at build time (astro.config.mjs): the script policy is a <meta> Astro writes into each
 * prerendered page, so the tags a page may load are decided when the page is built.
 *
 * - PUBLIC_GA4_MEASUREMENT_ID — Google Analytics 4 (gtag.js), e.g. G-ABC123XYZ; loads only
 *   after consent to analytics cookies.
 * - PUBLIC_META_PIXEL_ID — the Meta Pixel, e.g. 123456789012345; loads only after consent
 *   to marketing cookies.
 * - TEST_GA4_ORIGIN, TEST_META_PIXEL_ORIGIN — TEST ONLY: an http(s) origin that stands in for
 *   Google's / Meta's hosts (the e2e's local tag server). Never set them in production.
 *
 * Google Tag Manager is deliberately not offered: a container runs whatever tags someone
 * adds to it later, outside this code, so no CSP could name its hosts in advance, its
 * custom HTML tags need 'unsafe-inline' or 'unsafe-eval', and the per-category gating
 * would move out of the site into the container.
 */

export interface Tag {
  id: string;
  /** URL of the vendor's script (without query). */
  src: string;
}

export interface TagConfig {
  ga4?: Tag;
  meta?: Tag;
}

export interface TagCspSources {
  script: string[];
  connect: string[];
  img: string[];
}

/** Thrown with every problem, naming the variable. */
export class TagConfigError extends Error {
  override name = 'TagConfigError';
}

const GA4_ID = /^G-[A-Z0-9]{4,20}$/;
const META_PIXEL_ID = /^\d{5,20}$/;

/*
 * The vendors' own CSP guidance: Google's "Google tag and Content Security Policy" (GA4
 * without Google signals, which we turn off) and Meta's Pixel CSP note.
 */
const GA4_SCRIPT = 'https://www.googletagmanager.com/gtag/js';
const GA4_SOURCES: TagCspSources = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
const META_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const META_SOURCES: TagCspSources = {
  script: ['https://connect.facebook.net'],
  connect: ['https://www.facebook.com'],
  img: ['https://www.facebook.com'],
};

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function testOrigin(name: string, value: string | undefined, problems: string[]): string | undefined {
  const raw = blankToUndefined(value);
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    problems.push(`${name}: "${raw}" is not an http(s) origin`);
    return undefined;
  }
  return new URL(raw).origin;
}

/**
 * The configured tags, or null when none is (then nothing about tags reaches any page).
 * @example tagConfigFromEnv({ PUBLIC_GA4_MEASUREMENT_ID: 'G-ABC1234' })
 *   // { ga4: { id: 'G-ABC1234', src: 'https://www.googletagmanager.com/gtag/js' } }
 */
export function tagConfigFromEnv(env: Record<string, string | undefined>): TagConfig | null {
  const problems: string[] = [];
  const ga4Id = blankToUndefined(env['PUBLIC_GA4_MEASUREMENT_ID']);
  const metaId = blankToUndefined(env['PUBLIC_META_PIXEL_ID']);
  const ga4Origin = testOrigin('TEST_GA4_ORIGIN', env['TEST_GA4_ORIGIN'], problems);
  const metaOrigin = testOrigin('TEST_META_PIXEL_ORIGIN', env['TEST_META_PIXEL_ORIGIN'], problems);
  if (ga4Id !== undefined && !GA4_ID.test(ga4Id))
    problems.push(`PUBLIC_GA4_MEASUREMENT_ID: "${ga4Id}" is not a GA4 measurement id (G-XXXXXXX)`);
  if (metaId !== undefined && !META_PIXEL_ID.test(metaId))
    problems.push(`PUBLIC_META_PIXEL_ID: "${metaId}" is not a Meta Pixel id (digits only)`);
  if (problems.length) throw new TagConfigError(`Invalid tag configuration:\n  ${problems.join('\n  ')}`);

  const config: TagConfig = {};
  if (ga4Id) config.ga4 = { id: ga4Id, src: ga4Origin ? `${ga4Origin}/gtag/js` : GA4_SCRIPT };
  if (metaId) config.meta = { id: metaId, src: metaOrigin ? `${metaOrigin}/en_US/fbevents.js` : META_SCRIPT };
  return config.ga4 || config.meta ? config : null;
}

/** What one configured tag needs: its vendor's hosts, or only the test stand-in's origin. */
function sourcesOf(tag: Tag, vendor: TagCspSources, vendorScript: string): TagCspSources {
  if (tag.src === vendorScript) return vendor;
  const origin = new URL(tag.src).origin;
  return { script: [origin], connect: [origin], img: [origin] };
}

/**
 * The CSP sources the configured tags need, per directive, without duplicates.
 * @example tagCspSources({ meta: { id: '1234567', src: 'https://connect.facebook.net/en_US/fbevents.js' } }).script
 *   // ['https://connect.facebook.net']
 */
export function tagCspSources(config: TagConfig | null): TagCspSources {
  const parts: TagCspSources[] = [];
  if (config?.ga4) parts.push(sourcesOf(config.ga4, GA4_SOURCES, GA4_SCRIPT));
  if (config?.meta) parts.push(sourcesOf(config.meta, META_SOURCES, META_SCRIPT));
  const merge = (key: keyof TagCspSources) => [...new Set(parts.flatMap((part) => part[key]))];
  return { script: merge('script'), connect: merge('connect'), img: merge('img') };
}

/**
 * Astro's `security.csp.directives` with the tags' sources appended to connect-src and
 * img-src; unchanged (the same array) when no tag is configured. script-src is Astro's
 * `scriptDirective.resources` (see astro.config.mjs).
 */
export function withTagSources<Directive extends string>(
  directives: Directive[],
  config: TagConfig | null,
): Directive[] {
  if (!config) return directives;
  const sources = tagCspSources(config);
  // Each directive keeps its name (only sources are appended), so it keeps its type too.
  return directives.map((directive) => {
    const [name] = directive.split(/\s+/, 1);
    if (name === 'connect-src') return [directive, ...sources.connect].join(' ') as Directive;
    if (name === 'img-src') return [directive, ...sources.img].join(' ') as Directive;
    return directive;
  });
}

// Set by astro.config.mjs from PUBLIC_GA4_MEASUREMENT_ID / PUBLIC_META_PIXEL_ID; null when neither is.
declare const __PILOTA_TAGS__: TagConfig | null | undefined;

/** The tags this build was made with (read at build time; outside a build, none). */
export function builtTags(): TagConfig | null {
  return typeof __PILOTA_TAGS__ === 'undefined' ? null : __PILOTA_TAGS__;
}
