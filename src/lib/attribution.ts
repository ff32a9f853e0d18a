/*
 * The bounds every roll-up of attribution shares, the visits' (src/server/analytics/site-values.ts,
 * ./value-registry.ts there) and the leads' (src/server/inbox/lead-rollup.ts): anonymous
 * input — a beacon, a pixel, a lead form's hidden fields — becomes a roll-up's key only as
 * one of the site's own values or one of a day's first few, so no client can make a roll-up
 * group by free text without bound.
 *
 * CTA_SOURCES is every lead button's source (LeadTrigger's `source`, the CTA a lead and a
 * beacon carry), gathered from the pages that set them; tests/unit/analytics-values.test.ts
 * reads the pages' sources and fails when one is missing here. Pure code.
 */
import { gestaoPlans, plans } from '~/lib/content-data';

/** Fixed sources: the nav, footer, heroes, final banners and the contact page's form. */
const FIXED = [
  'nav',
  'footer-demonstracao',
  'hero-consultor',
  'hero-teste-gratis',
  'home-final',
  'sobre-final',
  'funcionalidades-final',
  'planos-final',
  'planos-enterprise',
  'gestao-header',
  'gestao-hero',
  'gestao-enterprise',
  'gestao-final',
  'blog-post',
  'contato-formulario',
  // The partner pages' buttons (src/components/partner/PartnerPage.astro `source`).
  'parceiro-hero',
  'parceiro-hero-consultor',
  'parceiro-recursos',
  'parceiro-final',
] as const;

/** Every CTA source the site's pages can send. */
export const CTA_SOURCES: readonly string[] = [
  ...FIXED,
  // Plan cards: /planos (PricingToggle's default prefix), /gestao and the partner pages.
  ...plans.flatMap((plan) => [`plano-${plan.id}`, `parceiro-plano-${plan.id}`]),
  ...gestaoPlans.map((plan) => `gestao-plano-${plan.id}`),
];

/** What a value over the day's cap, an unknown partner or an unknown CTA is kept as. */
export const FOLDED = '(outros)';

/**
 * Distinct values one free-text dimension keeps per day. The reports show their top 20 rows;
 * a real day's pages, sources or campaigns are a few dozen at most, and 50 leaves room for
 * them while every roll-up row set stays small whatever an anonymous client sends.
 */
export const MAX_VALUES_PER_DAY = 50;
