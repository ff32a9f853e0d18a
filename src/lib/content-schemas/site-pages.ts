/*
 * The site's frame and its pages' copy (content/pages, content/settings/interface.yaml):
 * partner pages, menu and footer, the Enterprise box, /, /sobre, /funcionalidades, /planos,
 * /contato and /obrigado.
 */
import { z } from 'zod';
import { text, card, seo, sitePath, titledParagraphs } from './fields.ts';

const partnerCta = z.object({ primary: text('cta.primary'), plan: text('cta.plan'), secondary: text('cta.secondary') });

/** The partner pages' copy; `placeholder` ("{parceiro}") is replaced by the partner's name. */
export const partnerPageSchema = z.object({
  placeholder: text('placeholder'),
  defaults: z.object({
    fallbackName: text('defaults.fallbackName'),
    utmSource: text('defaults.utmSource'),
    utmMedium: text('defaults.utmMedium'),
    utmCampaignFallback: text('defaults.utmCampaignFallback'),
  }),
  seo: z.object({ title: text('seo.title'), description: text('seo.description') }),
  eyebrow: text('eyebrow'),
  headline: text('headline'),
  subheadline: text('subheadline'),
  badges: z.array(text('badges')).min(1),
  benefitsTitle: text('benefitsTitle'),
  benefits: z.array(z.object({ title: text('benefits.title'), text: text('benefits.text') })).min(1),
  featuresTitle: text('featuresTitle'),
  features: z.array(text('features')).min(1),
  painsTitle: text('painsTitle'),
  pains: z.array(text('pains')).min(1),
  painsResolution: text('painsResolution'),
  plansTitle: text('plansTitle'),
  plansSubtitle: text('plansSubtitle'),
  popularBadge: text('popularBadge'),
  perMonth: text('perMonth'),
  cta: partnerCta,
  finalCta: z.object({ title: text('finalCta.title'), text: text('finalCta.text'), cta: text('finalCta.cta') }),
});

/** The site's frame: menu, footer, accessibility shortcuts, the 404 page and the legal pages' labels. */
export const interfaceSchema = z.object({
  newTab: text('newTab'),
  skipLink: text('skipLink'),
  close: text('close'),
  nav: z.object({
    label: text('nav.label'),
    openMenu: text('nav.openMenu'),
    closeMenu: text('nav.closeMenu'),
    signIn: text('nav.signIn'),
    contact: text('nav.contact'),
  }),
  footer: z.object({
    productTitle: text('footer.productTitle'),
    companyTitle: text('footer.companyTitle'),
    supportTitle: text('footer.supportTitle'),
    features: text('footer.features'),
    blog: text('footer.blog'),
    instagram: text('footer.instagram'),
    contact: text('footer.contact'),
    plans: text('footer.plans'),
    demo: text('footer.demo'),
    about: text('footer.about'),
    implementation: text('footer.implementation'),
    legal: z
      .array(
        z.object({
          label: text('footer.legal.label'),
          href: sitePath('footer.legal.href'),
        }),
      )
      .min(1),
  }),
  whatsapp: text('whatsapp'),
  homeBadgesLabel: text('homeBadgesLabel'),
  legal: z.object({
    eyebrow: text('legal.eyebrow'),
    listTitle: text('legal.listTitle'),
    updated: text('legal.updated'),
    company: text('legal.company'),
  }),
  notFound: z.object({
    seoTitle: text('notFound.seoTitle'),
    text: text('notFound.text'),
    title: text('notFound.title'),
    back: text('notFound.back'),
  }),
});

export const enterpriseSchema = z.object({
  title: text('title'),
  heading: text('heading'),
  text: text('text'),
  cta: text('cta'),
});

export const homeSchema = z.object({
  seo,
  hero: z.object({
    eyebrow: text('hero.eyebrow'),
    title: text('hero.title'),
    subtitle: text('hero.subtitle'),
    badges: z.array(text('hero.badges')).min(1),
    primaryCta: text('hero.primaryCta'),
    secondaryCta: text('hero.secondaryCta'),
  }),
  pains: z.object({ title: text('pains.title'), subtitle: text('pains.subtitle'), cards: z.array(card).min(1) }),
  method: z.object({ title: text('method.title'), subtitle: text('method.subtitle'), steps: z.array(card).min(1) }),
  comparison: z.object({
    title: text('comparison.title'),
    subtitle: text('comparison.subtitle'),
    othersLabel: text('comparison.othersLabel'),
    pilotaLabel: text('comparison.pilotaLabel'),
    others: z.array(z.string().min(1)).min(1),
    pilota: z.array(z.string().min(1)).min(1),
  }),
  metrics: z.array(z.object({ value: text('metrics.value'), label: text('metrics.label') })).min(1),
  finalCta: z.object({ title: text('finalCta.title'), text: text('finalCta.text'), cta: text('finalCta.cta') }),
});

/** /sobre. */
export const aboutSchema = z.object({
  seo,
  hero: z.object({ title: text('hero.title'), subtitle: text('hero.subtitle') }),
  story: titledParagraphs('story'),
  name: titledParagraphs('name'),
  valuesTitle: text('valuesTitle'),
  values: z.array(card).min(1),
  mission: card,
  vision: card,
  countersTitle: text('countersTitle'),
  counters: z.array(z.object({ value: text('counters.value'), label: text('counters.label') })).min(1),
});

/** /funcionalidades, around its tabs. */
export const featuresPageSchema = z.object({
  seo,
  hero: z.object({ title: text('hero.title'), subtitle: text('hero.subtitle') }),
  rangeStatement: text('rangeStatement'),
  tabsLabel: text('tabsLabel').describe('Accessible name of the tab list.'),
  dashboardNote: text('dashboardNote').describe('Caption of the mock dashboards: their numbers are examples.'),
  plansLink: text('plansLink'),
});

/** /planos, around its plans, add-ons and questions; `{n}` in planFeatures is each plan's value. */
export const plansPageSchema = z.object({
  seo,
  hero: z.object({ title: text('hero.title'), subtitle: text('hero.subtitle') }),
  monthlyLabel: text('monthlyLabel'),
  annualLabel: text('annualLabel'),
  annualBadge: text('annualBadge'),
  perMonth: text('perMonth'),
  annualTotalLabel: text('annualTotalLabel'),
  billingLabel: text('billingLabel').describe('Accessible name of the monthly/annual switch.'),
  regularPriceLabel: text('regularPriceLabel'),
  planFeatures: z.object({
    properties: text('planFeatures.properties'),
    users: z.tuple([text('planFeatures.users (singular)'), text('planFeatures.users (plural)')], {
      error: '"planFeatures.users" precisa de duas formas: singular e plural.',
    }),
    storage: text('planFeatures.storage'),
    support: text('planFeatures.support'),
  }),
  popularBadge: text('popularBadge'),
  cta: text('cta'),
  addOnsTitle: text('addOnsTitle'),
  addOnsSubtitle: text('addOnsSubtitle'),
  enterpriseTitle: text('enterpriseTitle'),
  faqTitle: text('faqTitle'),
  trialCta: z.object({ title: text('trialCta.title'), text: text('trialCta.text'), cta: text('trialCta.cta') }),
});

/** /contato; the contact channels and the reply promise come from the company data. */
export const contactPageSchema = z.object({
  seo,
  eyebrow: text('eyebrow'),
  title: text('title'),
  subtitle: text('subtitle'),
  channelsTitle: text('channelsTitle'),
  labels: z.object({
    phone: text('labels.phone'),
    email: text('labels.email'),
    whatsapp: text('labels.whatsapp'),
    whatsappCta: text('labels.whatsappCta'),
    city: text('labels.city'),
    hours: text('labels.hours'),
  }),
  form: z.object({
    title: text('form.title'),
    text: text('form.text'),
    messageLabel: text('form.messageLabel'),
    submitLabel: text('form.submitLabel'),
  }),
});

/** /obrigado. */
export const thankYouPageSchema = z.object({
  seo,
  title: text('title'),
  text: text('text'),
  nextStepsTitle: text('nextStepsTitle'),
  nextSteps: z.array(card).min(1),
  whatsappTitle: text('whatsappTitle'),
  whatsappText: text('whatsappText'),
  whatsappCta: text('whatsappCta'),
  contactTitle: text('contactTitle'),
  backHome: text('backHome'),
});
