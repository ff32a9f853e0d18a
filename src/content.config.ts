import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  aboutSchema,
  addOnSchema,
  businessHoursSchema,
  contactPageSchema,
  faqSchema,
  featureSchema,
  gestaoPlanSchema,
  gestaoPageSchema,
  homeSchema,
  implementationPageSchema,
  partnerCollectionSchema,
  planSchema,
  thankYouPageSchema,
} from './lib/content-schemas';
// Reading every YAML file once here runs the whole-folder checks (file names, repeated ids) at sync.
import './lib/content-data';

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

export const collections = {
  plans: defineCollection({ loader: folder('plans'), schema: planSchema }),
  gestaoPlans: defineCollection({ loader: folder('gestao-plans'), schema: gestaoPlanSchema }),
  addOns: defineCollection({ loader: folder('add-ons'), schema: addOnSchema }),
  home: defineCollection({ loader: page('home'), schema: homeSchema }),
  about: defineCollection({ loader: page('about'), schema: aboutSchema }),
  contactPage: defineCollection({ loader: page('contact-page'), schema: contactPageSchema }),
  thankYouPage: defineCollection({ loader: page('thank-you-page'), schema: thankYouPageSchema }),
  gestao: defineCollection({ loader: page('gestao'), schema: gestaoPageSchema }),
  implementationPage: defineCollection({ loader: page('implementation-page'), schema: implementationPageSchema }),
  faqs: defineCollection({ loader: folder('faqs'), schema: faqSchema }),
  features: defineCollection({ loader: folder('features'), schema: featureSchema }),
  // The photo is an image file beside the site's code (src/assets/conteudo), so the image
  // service resizes it and the page knows its width and height before it loads; it never
  // comes without its alt text (photoAlt).
  partners: defineCollection({
    loader: folder('partners'),
    schema: ({ image }) => partnerCollectionSchema(image()),
  }),
  /** Site settings that are not a page: content/settings/<name>.yaml, one entry each. */
  businessHours: defineCollection({
    loader: glob({ base: './content/settings', pattern: 'business-hours.yaml' }),
    schema: businessHoursSchema,
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
