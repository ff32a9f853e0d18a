/*
 * The catalogue's folders of one-item files (content/data, content/partners): plans,
 * add-ons, questions, features and partners.
 */
import { z } from 'zod';
import { altText, text, brlPrice, order, requireAlt, slug } from './fields.ts';

/** Paid once, the year may cost up to twelve months, never more (annual total ÷ 12 is shown as "/mês"). */
export const ANNUAL_PRICE_MESSAGE =
  'O preço anual não pode passar de 12 vezes o preço mensal: o plano anual ficaria mais caro que pagar mês a mês.';

const planFields = z.object({
  name: text('name'),
  description: text('description'),
  monthlyPrice: brlPrice,
  annualPrice: brlPrice,
  properties: z.number({ error: '"properties" deve ser um número inteiro.' }).int().positive(),
  users: z.number({ error: '"users" deve ser um número inteiro.' }).int().positive(),
  storage: text('storage'),
  support: text('support'),
  popular: z.boolean().default(false),
  order: order,
});

const checkAnnualPrice = (plan: { monthlyPrice: number; annualPrice: number }, context: z.RefinementCtx) => {
  if (plan.annualPrice > 12 * plan.monthlyPrice)
    context.addIssue({ code: 'custom', path: ['annualPrice'], message: ANNUAL_PRICE_MESSAGE });
};

const inCents = <T extends { monthlyPrice: number; annualPrice: number }>({
  monthlyPrice,
  annualPrice,
  ...plan
}: T) => ({
  ...plan,
  monthlyCents: monthlyPrice,
  annualCents: annualPrice,
});

/** A plan of /planos (content/plans/*.yaml); read as cents fields. */
export const planSchema = planFields.superRefine(checkAnnualPrice).transform(inCents);

/**
 * A plan of /gestao (content/gestao-plans/*.yaml). `planosPlan` names the same tier on /planos
 * (its file name): both pages must then ask the same monthly price, and the same annual one
 * unless `annualPriceNote` says why not (src/lib/price-integrity.ts checks it at build).
 */
export const gestaoPlanSchema = planFields
  .extend({
    planosPlan: slug.optional().describe('The same tier on /planos (its file name).'),
    annualPriceNote: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('Why the annual price differs from the /planos tier, when it does.'),
  })
  .superRefine(checkAnnualPrice)
  .transform(inCents);

export const addOnSchema = z
  .object({
    name: text('name'),
    description: text('description'),
    price: brlPrice.optional(),
    unit: text('unit'),
    order: order,
  })
  .transform(({ price, ...addOn }) => ({ ...addOn, priceCents: price }));

export const slugSchema = slug;

export const faqSchema = z.object({
  page: z
    .enum(['planos', 'gestao'], { error: '"page" deve ser planos ou gestao.' })
    .describe('Which page shows this question.'),
  order,
  question: text('question').pipe(z.string().min(5, 'A pergunta precisa de ao menos 5 caracteres.')),
  answer: text('answer').pipe(z.string().min(10, 'A resposta precisa de ao menos 10 caracteres.')),
});

export const featureSchema = z.object({
  order,
  label: text('label').describe('Tab label.'),
  title: text('title'),
  summary: text('summary'),
  items: z.array(text('items')).min(3, 'Liste ao menos 3 itens.'),
  result: text('result').describe('The result statement under the list.'),
  dashboard: z
    .object({
      title: text('dashboard.title'),
      metrics: z
        .array(z.object({ label: text('dashboard.metrics.label'), value: text('dashboard.metrics.value') }))
        .min(2),
      rows: z
        .array(
          z.object({
            label: text('dashboard.rows.label'),
            value: text('dashboard.rows.value'),
            status: text('dashboard.rows.status'),
          }),
        )
        .min(2),
    })
    .describe('The mock dashboard beside the list.'),
});

/** A partner (influencer): the file name is the slug, /parceiro/{slug}. */
const partnerFields = z.object({
  name: text('name').describe('Display name: "Recomendado por {name}".'),
  active: z.boolean({ error: '"active" deve ser sim ou não.' }),
  vanity: z.boolean({ error: '"vanity" deve ser sim ou não.' }).default(false).describe('Also served at /{slug}.'),
  quote: z.string().trim().max(240, 'A frase do parceiro pode ter no máximo 240 caracteres.').optional(),
  offer: z.string().trim().max(160, 'A oferta pode ter no máximo 160 caracteres.').optional(),
  photo: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Path of a photo under src/assets/conteudo; the collection resolves and optimises it.'),
  photoAlt: altText.describe("The photo's alt text, required with the photo."),
  order,
});

export const partnerSchema = partnerFields.superRefine(requireAlt('photo', 'photoAlt'));

/**
 * The partners collection (src/content.config.ts), whose photo is Astro's image (resized at
 * build): the same fields and the same alt-text rule.
 */
export const partnerCollectionSchema = <Photo extends z.ZodType>(photo: Photo) =>
  partnerFields.extend({ photo: photo.optional() }).superRefine(requireAlt('photo', 'photoAlt'));
