import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { addOnSchema, homeSchema, planSchema } from './lib/content-schemas';
import { faqs } from '../content/faq';
import { features } from '../content/features';
import { partners } from '../content/partners';

/*
 * Editors change copy in ../content: YAML for data, Markdown for prose, through the CMS
 * (/cms) or by hand. These collections validate it at build time with the schemas in
 * src/lib/content-schemas.ts (which src/lib/content-data.ts also uses for server code), so
 * a malformed price, a missing field or a repeated id fails `astro build` with a pt-BR
 * message naming the file and field instead of reaching a visitor.
 */

/** One YAML file per item: the id is the file name (what the CMS names a new entry by). */
const folder = (name: string) => glob({ base: `./content/${name}`, pattern: '*.yaml' });

/** A page's copy: one YAML file in content/pages, one entry. */
const page = (name: string) => glob({ base: './content/pages', pattern: `${name}.yaml` });

const withIds = <T extends { id: string }>(items: readonly T[]) => items.map((item) => ({ ...item }));

export const collections = {
  plans: defineCollection({ loader: folder('plans'), schema: planSchema }),
  gestaoPlans: defineCollection({ loader: folder('gestao-plans'), schema: planSchema }),
  addOns: defineCollection({ loader: folder('add-ons'), schema: addOnSchema }),
  home: defineCollection({ loader: page('home'), schema: homeSchema }),
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
