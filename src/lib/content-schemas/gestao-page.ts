/*
 * /gestao, the long sales page (content/pages/gestao.yaml).
 */
import { z } from 'zod';
import { text, card, seoWith, titledItems } from './fields.ts';
import { plansPageSchema } from './site-pages.ts';

const mockDashboard = (field: string) =>
  z.object({
    title: text(`${field}.title`),
    metrics: z.array(z.object({ label: text(`${field}.metrics.label`), value: text(`${field}.metrics.value`) })).min(1),
    rows: z
      .array(
        z.object({
          label: text(`${field}.rows.label`),
          value: text(`${field}.rows.value`),
          status: text(`${field}.rows.status`),
        }),
      )
      .min(1),
  });

/** Icons a /gestao feature group can show (names in src/components/icons.ts). */
export const GESTAO_ICONS = ['zap', 'chart', 'shield', 'users'] as const;

/**
 * /gestao, the long sales page, in page order. Its plans, questions and Enterprise box come
 * from their own files (the box is the one /planos shows); the demo video's id is company data.
 */
export const gestaoPageSchema = z.object({
  // The sales page's description runs a few characters past the usual 160; the limit leaves it as written.
  seo: seoWith(170),
  header: z.object({ cta: text('header.cta') }),
  hero: z.object({
    eyebrow: text('hero.eyebrow'),
    title: text('hero.title'),
    subtitle: text('hero.subtitle'),
    primaryCta: text('hero.primaryCta'),
    secondaryCta: text('hero.secondaryCta'),
    badges: z.array(text('hero.badges')).min(1),
  }),
  dashboard: mockDashboard('dashboard').extend({ caption: text('dashboard.caption') }),
  pains: z.object({
    title: text('pains.title'),
    subtitle: text('pains.subtitle'),
    owners: titledItems('pains.owners'),
    brokers: titledItems('pains.brokers'),
  }),
  features: z.object({
    title: text('features.title'),
    subtitle: text('features.subtitle'),
    groups: z
      .array(
        z.object({
          icon: z.enum(GESTAO_ICONS, { error: `"features.groups.icon" deve ser ${GESTAO_ICONS.join(', ')}.` }),
          title: text('features.groups.title'),
          text: text('features.groups.text'),
          items: z.array(text('features.groups.items')).min(1),
        }),
      )
      .min(1),
  }),
  howItWorks: z.object({
    title: text('howItWorks.title'),
    subtitle: text('howItWorks.subtitle'),
    steps: z.array(card).min(1),
    videoCta: text('howItWorks.videoCta'),
  }),
  video: z.object({
    title: text('video.title'),
    description: text('video.description'),
    playLabel: text('video.playLabel'),
    closeLabel: text('video.closeLabel'),
    notice: text('video.notice'),
  }),
  featureList: z.object({
    title: text('featureList.title'),
    subtitle: text('featureList.subtitle'),
    items: z.array(text('featureList.items')).min(1),
  }),
  numbers: z.object({
    title: text('numbers.title'),
    items: z.array(z.object({ value: text('numbers.items.value'), label: text('numbers.items.label') })).min(1),
  }),
  pricing: plansPageSchema
    .pick({
      billingLabel: true,
      monthlyLabel: true,
      annualLabel: true,
      annualBadge: true,
      perMonth: true,
      annualTotalLabel: true,
      regularPriceLabel: true,
      planFeatures: true,
      popularBadge: true,
      cta: true,
    })
    .extend({
      title: text('pricing.title'),
      subtitle: text('pricing.subtitle'),
      supportAsIs: text('pricing.supportAsIs'),
    }),
  implementationFee: z.object({
    title: text('implementationFee.title'),
    freeOnAnnual: text('implementationFee.freeOnAnnual'),
    text: text('implementationFee.text'),
  }),
  faq: z.object({ title: text('faq.title'), subtitle: text('faq.subtitle') }),
  finalCta: z.object({ title: text('finalCta.title'), text: text('finalCta.text'), cta: text('finalCta.cta') }),
});
