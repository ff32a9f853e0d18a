/*
 * The catalogue's folders of one-item files (content/data, content/partners): plans,
 * add-ons, questions, features and partners.
 */
import { z } from 'zod';
import { text, brlPrice, order, slug } from './fields.ts';

/** A plan as written in content/data/*.yaml; read as today's cents fields. */
export const planSchema = z
  .object({
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
  })
  .transform(({ monthlyPrice, annualPrice, ...plan }) => ({
    ...plan,
    monthlyCents: monthlyPrice,
    annualCents: annualPrice,
  }));

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
export const partnerSchema = z.object({
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
  order,
});
