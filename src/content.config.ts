import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { plans, gestaoPlans, addOns } from '../content/plans';
import { faqs } from '../content/faq';
import { features } from '../content/features';
import { partners } from '../content/partners';

/*
 * Editors change copy in ../content. Data lives in plain TS modules there (so
 * services and tests can import the same values); these collections validate it
 * at build time, so a typo in a price or a missing field fails `astro build`
 * instead of reaching a visitor.
 */

const cents = z.number().int().nonnegative().describe('Integer cents: R$ 79,90 is 7990.');

const plan = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  monthlyCents: cents.describe('Monthly price in cents.'),
  annualCents: cents.describe('Price of a whole year paid at once, in cents.'),
  properties: z.number().int().positive().describe('How many properties the plan manages.'),
  users: z.number().int().positive(),
  storage: z.string().describe('Storage, as displayed: "5GB".'),
  support: z.string().describe('Support level, as displayed.'),
  popular: z.boolean().describe('Shows the "Mais popular" badge.'),
});

const withIds = <T extends { id: string }>(items: readonly T[]) => items.map((item) => ({ ...item }));

export const collections = {
  plans: defineCollection({ loader: () => withIds(plans), schema: plan }),
  gestaoPlans: defineCollection({ loader: () => withIds(gestaoPlans), schema: plan }),
  addOns: defineCollection({
    loader: () => withIds(addOns),
    schema: z.object({
      name: z.string(),
      description: z.string(),
      priceCents: cents.optional().describe('Absent: the service is priced on request.'),
      unit: z.string().describe('Period or unit: "por mês", "por documento", "sob consulta".'),
    }),
  }),
  faqs: defineCollection({
    loader: () => withIds(faqs),
    schema: z.object({
      page: z.enum(['planos', 'gestao']).describe('Which page shows this question.'),
      order: z.number().int(),
      question: z.string().min(5),
      answer: z.string().min(10),
    }),
  }),
  features: defineCollection({
    loader: () => withIds(features),
    schema: z.object({
      order: z.number().int(),
      label: z.string().describe('Tab label.'),
      title: z.string(),
      summary: z.string(),
      items: z.array(z.string()).min(3),
      result: z.string().describe('The result statement under the list.'),
      dashboard: z
        .object({
          title: z.string(),
          metrics: z.array(z.object({ label: z.string(), value: z.string() })).min(2),
          rows: z.array(z.object({ label: z.string(), value: z.string(), status: z.string() })).min(2),
        })
        .describe('The mock dashboard beside the list.'),
    }),
  }),
  partners: defineCollection({
    loader: () => withIds(partners),
    schema: z.object({
      name: z.string().describe('Display name: "Recomendado por {name}".'),
      vanity: z.boolean().describe('Also served at /{slug} with the pain points placed differently.'),
      active: z.boolean(),
    }),
  }),
  legal: defineCollection({
    loader: glob({ base: './content/legal', pattern: '*.md' }),
    schema: z.object({
      title: z.string(),
      description: z.string().describe('Meta description, 50–160 characters.'),
      updatedAt: z.coerce.date().describe('Shown as "Última atualização: dd/mm/aaaa".'),
    }),
  }),
};
