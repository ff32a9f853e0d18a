/*
 * Every lead button's source (LeadTrigger's `source`, the CTA a lead and a beacon carry),
 * gathered from the pages that set them, so the visit counting keeps only these
 * (./site-values.ts). tests/unit/analytics-values.test.ts reads the pages' sources and
 * fails when one is missing here.
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
