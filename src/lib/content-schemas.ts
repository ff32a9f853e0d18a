/*
 * The shape of every editable file under content/ (YAML data, Markdown pages), as zod schemas.
 * One set of rules judges an editor's change everywhere: the content collections
 * (src/content.config.ts) check it at build, the typed reader (src/lib/content-data.ts) checks it
 * for server code and tests, and the CMS (public/cms/config.yml) mirrors the patterns so a bad
 * value is refused before it is saved. Messages are pt-BR: the editor reads them.
 */
import { parse } from 'yaml';
import { z } from 'zod';

const text = (field: string) =>
  z
    .string({ error: `"${field}" é obrigatório.` })
    .trim()
    .min(1, `"${field}" não pode ficar vazio.`);

/** A price as an editor types it, "59,90" or "1.488,00", kept as integer cents (R$ 59,90 → 5990). */
export const BRL_PRICE_PATTERN = '^(\\d{1,3}(\\.\\d{3})+|\\d+),\\d{2}$';
export const BRL_PRICE_MESSAGE = 'Preço inválido: use reais e centavos com vírgula, como 59,90 ou 1.488,00.';

export const brlPrice = z
  .string({ error: 'Preço obrigatório, como 59,90.' })
  .trim()
  .regex(new RegExp(BRL_PRICE_PATTERN), BRL_PRICE_MESSAGE)
  .transform((value) => Number(value.replace(/\./g, '').replace(',', '')));

/** Where the item sits in its list: lower first. */
const order = z.number({ error: '"order" (posição na lista) deve ser um número.' }).int();

const slug = z
  .string({ error: '"id" é obrigatório.' })
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'Identificador inválido: use letras minúsculas, números e hífens, como carol-imoveis.',
  );

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

export const enterpriseSchema = z.object({
  title: text('title'),
  heading: text('heading'),
  text: text('text'),
  cta: text('cta'),
});

const card = z.object({ title: text('title'), text: text('text') });
const seo = z.object({
  title: text('title'),
  description: text('description').pipe(
    z
      .string()
      .min(50, 'A descrição (SEO) precisa de ao menos 50 caracteres.')
      .max(160, 'A descrição (SEO) pode ter no máximo 160 caracteres.'),
  ),
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

/** A pt-BR account of what is wrong, naming the file and each field, for the build log and the CMS docs. */
export function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : '(arquivo inteiro)';
    return `  - ${file}, campo ${field}: ${issue.message}`;
  });
  return `Conteúdo inválido em ${file}:\n${lines.join('\n')}`;
}

export function parseContent<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(describeIssues(file, result.error));
  return result.data;
}

/**
 * A folder of one-item YAML files (`content/<folder>/<id>.yaml`: path → text) as checked items,
 * the id being the file name, sorted by the `order` field.
 */
export function folderItems<T extends z.ZodType>(
  files: Record<string, string>,
  schema: T,
): (z.output<T> & { id: string })[] {
  return Object.entries(files)
    .map(([path, text]) => {
      const file = `content/${path.split('content/').slice(1).join('content/')}`;
      const id = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      return { id, ...(parseContent(file, schema, parse(text)) as object) } as z.output<T> & { id: string };
    })
    .sort((a, b) => orderOf(a) - orderOf(b) || a.id.localeCompare(b.id));
}

const orderOf = (item: object) => ('order' in item && typeof item.order === 'number' ? item.order : 0);

/** One YAML file that is one object (a page's copy), checked. */
export function pageData<T extends z.ZodType>(file: string, text: string | undefined, schema: T): z.output<T> {
  if (text === undefined) throw new Error(`Arquivo de conteúdo ausente: ${file}`);
  return parseContent(file, schema, parse(text));
}
