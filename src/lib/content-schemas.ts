/*
 * The shape of every editable file under content/ (YAML data, Markdown pages), as zod schemas.
 * One set of rules judges an editor's change everywhere: the content collections
 * (src/content.config.ts) check it at build, the typed reader (src/lib/content-data.ts) checks it
 * for server code and tests, and the CMS (public/cms/config.yml) mirrors the patterns so a bad
 * value is refused before it is saved. Messages are pt-BR: the editor reads them.
 */
import { parse } from 'yaml';
import { z } from 'zod';
import { FIELDS_WITH_REQUIRED_MESSAGE } from './validation/implementation-fields.ts';

const text = (field: string) =>
  z
    .string({ error: `"${field}" é obrigatório.` })
    .trim()
    .min(1, `"${field}" não pode ficar vazio.`);

/** A price as an editor types it, "59,90" or "1.488,00", kept as integer cents (R$ 59,90 → 5990). */
export const BRL_PRICE_PATTERN = '^(\\d{1,3}(\\.\\d{3})+|\\d+),\\d{2}$';
export const BRL_PRICE_MESSAGE = 'Preço inválido: use reais e centavos com vírgula, como 59,90 ou 1.488,00.';

export const brlPrice = z
  .string({ error: (issue) => (issue.input === undefined ? 'Preço obrigatório, como 59,90.' : BRL_PRICE_MESSAGE) })
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
  photoAlt: text('photoAlt').describe("The partner photo's alt text; {parceiro} is the partner's name."),
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
          href: z.string().regex(/^\//, 'Use um caminho do site, como /lgpd.'),
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

const card = z.object({ title: text('title'), text: text('text') });
const seoWith = (max: number) =>
  z.object({
    title: text('title'),
    description: text('description').pipe(
      z
        .string()
        .min(50, 'A descrição (SEO) precisa de ao menos 50 caracteres.')
        .max(max, `A descrição (SEO) pode ter no máximo ${max} caracteres.`),
    ),
  });
const seo = seoWith(160);

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

const titledParagraphs = (field: string) =>
  z.object({ title: text(`${field}.title`), paragraphs: z.array(text(`${field}.paragraphs`)).min(1) });

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

const titledItems = (field: string) =>
  z.object({ title: text(`${field}.title`), items: z.array(text(`${field}.items`)).min(1) });
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

const labelOnly = (name: string) => z.object({ label: text(`form.fields.${name}.label`) });
const field = (name: string) => labelOnly(name).extend({ placeholder: text(`form.fields.${name}.placeholder`) });

/** /implementacao-sistema and its form (whose error messages are in content/messages/implementation.yaml). */
export const implementationPageSchema = z.object({
  seo,
  eyebrow: text('eyebrow'),
  title: text('title'),
  intro: text('intro'),
  privacyNote: text('privacyNote'),
  requiredNote: text('requiredNote'),
  form: z.object({
    formLabel: text('form.formLabel'),
    tipoDocumento: z.object({
      legend: text('form.tipoDocumento.legend'),
      cpf: text('form.tipoDocumento.cpf'),
      cnpj: text('form.tipoDocumento.cnpj'),
    }),
    sections: z.object({
      cpf: text('form.sections.cpf'),
      cnpj: text('form.sections.cnpj'),
      responsavel: text('form.sections.responsavel'),
      acesso: text('form.sections.acesso'),
    }),
    fields: z.object({
      cpf: field('cpf'),
      nomeCompleto: field('nomeCompleto'),
      celular: field('celular'),
      email: field('email'),
      cnh: labelOnly('cnh'),
      cnpj: field('cnpj'),
      razaoSocial: field('razaoSocial'),
      responsavelCpf: field('responsavelCpf'),
      responsavelNome: field('responsavelNome'),
      responsavelCelular: field('responsavelCelular'),
      responsavelEmail: field('responsavelEmail'),
      responsavelCnh: labelOnly('responsavelCnh'),
      emailAcesso: field('emailAcesso'),
      senha: field('senha'),
    }),
    file: z.object({
      hint: text('form.file.hint'),
      choose: text('form.file.choose'),
      remove: text('form.file.remove'),
      removed: text('form.file.removed'),
    }),
    confirmation: z.object({
      title: text('form.confirmation.title'),
      referenceLabel: text('form.confirmation.referenceLabel'),
      referenceNote: text('form.confirmation.referenceNote'),
      nextTitle: text('form.confirmation.nextTitle'),
      next: z.array(text('form.confirmation.next')).min(1),
      callsTitle: text('form.confirmation.callsTitle'),
      calls: z.array(card).min(1),
    }),
    cnpjHint: text('form.cnpjHint'),
    showPassword: text('form.showPassword'),
    hidePassword: text('form.hidePassword'),
    uploadProgressLabel: text('form.uploadProgressLabel'),
  }),
});

/** The implementation form's copy, handed to its island as plain data. */
export type ImplementationFormCopy = z.output<typeof implementationPageSchema>['form'];

/** Patterns and messages the CMS shares (src/cms/cms-config.ts). */
export const CLOCK_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const CLOCK_MESSAGE = 'Use horas e minutos, como 09:00.';
export const MONTH_DAY_PATTERN = '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
export const MONTH_DAY_MESSAGE = 'Use MM-DD, como 12-25.';
export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const ISO_DATE_MESSAGE = 'Use AAAA-MM-DD, como 2026-12-24.';

/** "09:00" → minutes after midnight (540). */
const clockTime = (field: string) =>
  z
    .string({ error: `"${field}" é obrigatório, como "09:00".` })
    .regex(new RegExp(CLOCK_PATTERN), CLOCK_MESSAGE)
    .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3)));

/** When the sales team works, for the reply promise (src/lib/reply-deadline.ts). */
export const businessHoursSchema = z
  .object({
    timeZone: text('timeZone').refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: '"timeZone": fuso desconhecido; use um como America/Sao_Paulo.' },
    ),
    opensAt: clockTime('opensAt'),
    closesAt: clockTime('closesAt'),
    weekdays: z
      .array(z.number().int().min(0).max(6), { error: '"weekdays": liste números de 0 (domingo) a 6 (sábado).' })
      .min(1),
    replyPromiseMinutes: z.number({ error: '"replyPromiseMinutes" deve ser um número.' }).int().positive(),
    fixedHolidays: z.array(z.string().regex(new RegExp(MONTH_DAY_PATTERN), MONTH_DAY_MESSAGE)),
    easterHolidayOffsets: z.array(z.number().int()),
    extraClosedDates: z
      .array(z.string().regex(new RegExp(ISO_DATE_PATTERN), ISO_DATE_MESSAGE))
      .nullish()
      .transform((dates) => dates ?? []),
  })
  .refine((hours) => hours.opensAt < hours.closesAt, {
    message: '"closesAt" precisa ser depois de "opensAt".',
    path: ['closesAt'],
  })
  .transform(({ opensAt, closesAt, ...hours }) => ({ ...hours, opensAtMinute: opensAt, closesAtMinute: closesAt }));

/** The business calendar as src/lib/reply-deadline.ts reads it. */
export type BusinessHours = z.output<typeof businessHoursSchema>;

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
  const seen = new Map<string, string>();
  return Object.entries(files)
    .map(([path, text]) => {
      const file = `content/${path.split('content/').slice(1).join('content/')}`;
      const id = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      const idCheck = slug.safeParse(id);
      if (!idCheck.success)
        throw new Error(
          `Conteúdo inválido em ${file}:\n  - ${file}, nome do arquivo: ${idCheck.error.issues[0]?.message}`,
        );
      // Two files whose names differ only in case would be one page (the URL is case-folded).
      const other = seen.get(id.toLowerCase());
      if (other)
        throw new Error(
          `Conteúdo inválido em ${file}:\n  - ${file}, nome do arquivo: identificador "${id}" repetido (já usado por ${other}).`,
        );
      seen.set(id.toLowerCase(), file);
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

/*
 * Settings read by browser code too: src/integrations/yaml-modules.mjs turns each of these
 * files into a plain ES module at build, checked by its schema (./content-modules), so a
 * visitor's page gets the words without a YAML parser or zod.
 */

const positiveInt = (field: string) =>
  z
    .number({ error: `"${field}" deve ser um número inteiro.` })
    .int(`"${field}" deve ser um número inteiro.`)
    .positive();

const webAddress = (field: string) =>
  text(field).pipe(z.url({ error: `"${field}" deve ser um endereço completo, como https://exemplo.com.br.` }));

/** A link inside the site ("/planos") or to another one ("https://…"). */
const href = (field: string) =>
  text(field).regex(/^(\/|https:\/\/)/, `"${field}" deve começar com / (página do site) ou https://.`);

/** The company's own facts (content/settings/company.yaml). */
export const companySchema = z.object({
  phone: text('phone'),
  email: text('email').pipe(z.email({ error: '"email" deve ser um e-mail, como contato@empresa.com.br.' })),
  whatsappNumber: z
    .string({ error: '"whatsappNumber" é obrigatório.' })
    .regex(/^\d{12,13}$/, 'Use só números, com o código do país e o DDD, como 5511912345678.'),
  cnpj: text('cnpj').regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'Use o CNPJ com pontuação, como 12.345.678/0001-90.'),
  legalName: text('legalName'),
  appUrl: webAddress('appUrl'),
  instagramUrl: webAddress('instagramUrl'),
  encarregadoNome: text('encarregadoNome'),
  encarregadoEmail: text('encarregadoEmail').pipe(
    z.email({ error: '"encarregadoEmail" deve ser um e-mail, como privacidade@empresa.com.br.' }),
  ),
  demoVideoId: z
    .string({ error: '"demoVideoId" é obrigatório.' })
    .regex(/^[\w-]{5,20}$/, 'Use o código do vídeo no YouTube (o que vem depois de v= no endereço).'),
});
export type CompanyFacts = z.output<typeof companySchema>;

const figure = z.object({ value: text('value'), label: text('label') });

/** Brand, contact hours, menu, commercial terms, claims and figures (content/settings/site.yaml). */
export const siteSchema = z.object({
  brand: z.object({ name: text('name'), tagline: text('tagline'), description: text('description') }),
  contact: z.object({
    city: text('city'),
    supportHours: text('supportHours'),
    supportHoursShort: text('supportHoursShort'),
    replyPromise: text('replyPromise'),
    whatsappGreeting: text('whatsappGreeting'),
  }),
  links: z.object({ blog: href('blog') }),
  nav: z.array(z.object({ label: text('label'), href: href('href') })).min(1, 'O menu precisa de ao menos um item.'),
  terms: z.object({
    trialDays: positiveInt('trialDays'),
    refundDays: positiveInt('refundDays'),
    implementationFeeCents: positiveInt('implementationFeeCents'),
    implementationCalls: positiveInt('implementationCalls'),
    implementationHours: positiveInt('implementationHours'),
    enterpriseFromProperties: positiveInt('enterpriseFromProperties'),
    annualSavingsPlans: text('annualSavingsPlans'),
    annualSavingsGestao: text('annualSavingsGestao'),
    annualFreeMonths: positiveInt('annualFreeMonths'),
    minPlanProperties: positiveInt('minPlanProperties'),
    maxPlanProperties: positiveInt('maxPlanProperties'),
    overdueSuspensionDays: positiveInt('overdueSuspensionDays'),
    priceAdjustmentNoticeDays: positiveInt('priceAdjustmentNoticeDays'),
    minimumAge: positiveInt('minimumAge'),
    lgpdReplyDays: positiveInt('lgpdReplyDays'),
    dataRetentionYears: positiveInt('dataRetentionYears'),
    replyHours: positiveInt('replyHours'),
  }),
  claims: z.object({
    trial: text('trial'),
    noCard: text('noCard'),
    cancelAnytime: text('cancelAnytime'),
    support: text('support'),
    security: text('security'),
    implementation: text('implementation'),
    guarantee: text('guarantee'),
  }),
  figures: z.object({
    propertiesManaged: figure,
    satisfaction: figure,
    adminTimeSaved: figure,
    clients: figure,
    properties: figure,
    timeReduction: figure,
    satisfactionAlt: figure,
    migrate: figure,
    lessDefault: figure,
  }),
});
export type SiteSettings = z.output<typeof siteSchema>;

/** A text with `{name}` slots the code fills (src/lib/fill-template.ts): each slot must be there. */
const template = (field: string, ...slots: string[]) =>
  slots.reduce(
    (schema, slot) => schema.refine((value) => value.includes(`{${slot}}`), `"${field}" precisa conter {${slot}}.`),
    text(field),
  );

const cookieCategory = z.object({ title: text('title'), purpose: text('purpose'), legalBasis: text('legalBasis') });

/** The cookie banner and preferences (content/settings/cookie-consent.yaml). */
export const cookieConsentSchema = z.object({
  banner: z.object({
    title: text('title'),
    text: text('text'),
    policyLink: text('policyLink'),
    policyHref: href('policyHref'),
    acceptAll: text('acceptAll'),
    rejectAll: text('rejectAll'),
    customize: text('customize'),
  }),
  preferences: z.object({
    title: text('title'),
    intro: text('intro'),
    validity: template('validity', 'months'),
    alwaysOn: text('alwaysOn'),
    toolsLabel: text('toolsLabel'),
    save: text('save'),
    acceptAll: text('acceptAll'),
    rejectAll: text('rejectAll'),
    close: text('close'),
    saved: text('saved'),
  }),
  categories: z.object({
    essential: cookieCategory,
    analytics: cookieCategory,
    functionality: cookieCategory,
    marketing: cookieCategory,
  }),
  tools: z.object({ ga4: text('ga4'), meta: text('meta') }),
  footerLink: z.object({ label: text('label'), href: href('href') }),
  messages: z.object({ unknownVersion: text('unknownVersion') }),
});
export type CookieConsentCopy = z.output<typeof cookieConsentSchema>;

/** The blog's words (content/pages/blog.yaml); `{…}` slots are filled by src/copy/blog.ts. */
export const blogPageSchema = z.object({
  title: text('title'),
  heading: text('heading'),
  description: text('description'),
  intro: text('intro'),
  empty: text('empty'),
  publishedOn: text('publishedOn'),
  updatedOn: text('updatedOn'),
  tagsLabel: text('tagsLabel'),
  readMore: text('readMore'),
  backToBlog: text('backToBlog'),
  newer: text('newer'),
  older: text('older'),
  pagination: text('pagination'),
  pageOf: template('pageOf', 'page', 'pageCount'),
  pageTitle: template('pageTitle', 'page'),
  tagTitle: template('tagTitle', 'tag'),
  tagDescription: template('tagDescription', 'tag'),
  tagPageTitle: template('tagPageTitle', 'tag', 'page'),
  rssLabel: text('rssLabel'),
  breadcrumb: text('breadcrumb'),
  cta: z.object({ title: text('title'), text: text('text'), button: text('button') }),
  rssTitle: text('rssTitle'),
});
export type BlogPageCopy = z.output<typeof blogPageSchema>;

/** The posts seeded once into an empty database (content/blog/example-posts.yaml). */
export const examplePostsSchema = z.object({
  posts: z.array(
    z.object({
      title: text('title'),
      slug,
      excerpt: text('excerpt'),
      tags: z.array(text('tag')),
      body: text('body'),
    }),
  ),
});
export type ExamplePost = z.output<typeof examplePostsSchema>['posts'][number];

const stringsOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text(key)])) as Record<K, ReturnType<typeof text>>);

const dialog = (...slots: string[]) =>
  z.object({
    title: text('title'),
    description: slots.length ? template('description', ...slots) : text('description'),
  });

/** The lead form's words (content/messages/lead.yaml); `{…}` slots are filled by src/copy/messages/lead.ts. */
export const leadMessagesSchema = z.object({
  tipoLabels: stringsOf(['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const),
  validationMessages: stringsOf(['nome', 'celular', 'email', 'tipo', 'empresa', 'tooLong'] as const),
  fieldLabels: stringsOf([
    'nome',
    'email',
    'celular',
    'tipo',
    'tipoPlaceholder',
    'empresa',
    'mensagem',
    'mensagemPlaceholder',
  ] as const),
  placeholders: stringsOf(['nome', 'email', 'celular', 'empresa'] as const),
  submitLabels: stringsOf(['idle', 'busy'] as const),
  toasts: z.object({
    success: z.object({ title: text('title'), description: text('description') }),
    failure: z.object({ title: text('title'), description: text('description') }),
    savedLater: z.object({ title: text('title'), description: text('description') }),
  }),
  rateLimitMessage: text('rateLimitMessage'),
  serverErrorSummary: text('serverErrorSummary'),
  leadEmail: z.object({
    toName: text('toName'),
    subject: template('subject', 'nome', 'tipo'),
    empty: text('empty'),
    heading: text('heading'),
    intro: template('intro', 'toName'),
    labels: stringsOf([
      'from_name',
      'from_email',
      'phone',
      'user_type',
      'company',
      'mensagem',
      'pagina_origem',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'current_date',
    ] as const),
    replyHint: text('replyHint'),
  }),
  leadDialogs: z.object({
    contato: dialog('replyPromise'),
    teste: z.object({
      title: template('title', 'trialDays'),
      description: template('description', 'replyPromise'),
    }),
    demonstracao: dialog('replyPromise'),
  }),
});
export type LeadMessages = z.output<typeof leadMessagesSchema>;

const toast = z.object({ title: text('title'), description: text('description') });

/** The implementation request's words (content/messages/implementation.yaml). */
export const implementationMessagesSchema = z.object({
  validationMessages: stringsOf(['required', 'email', 'senha', 'cpf', 'cnpj', 'phone'] as const),
  requiredFieldMessages: stringsOf(FIELDS_WITH_REQUIRED_MESSAGE),
  fileMessages: z.object({ invalid: toast, tooLarge: toast, attached: z.object({ title: text('title') }) }),
  uploadMessages: stringsOf([
    'incomplete',
    'corrupted',
    'expired',
    'malformed',
    'resentTooOften',
    'clientBusy',
    'storageFull',
    'dailyDocumentsReached',
    'pendingDocumentsFull',
  ] as const),
  submitPhases: stringsOf(['idle', 'uploading', 'saving', 'mailing'] as const),
  successToast: toast,
  errorToasts: z.object({
    uploadTitle: text('uploadTitle'),
    upload: template('upload', 'serverMessage'),
    uploadUnexpected: text('uploadUnexpected'),
    saveTitle: text('saveTitle'),
    save: template('save', 'serverMessage'),
    saveUnexpected: text('saveUnexpected'),
    sendTitle: text('sendTitle'),
    sendUpload: text('sendUpload'),
    sendSave: text('sendSave'),
    sendMail: text('sendMail'),
    sendOther: text('sendOther'),
  }),
  noScriptAnswer: z.object({ back: text('back') }),
  internalErrors: stringsOf(['cnhUpload', 'responsavelCnhUpload', 'save'] as const),
});
export type ImplementationMessages = z.output<typeof implementationMessagesSchema>;

/** The data-subject requests' public words (content/messages/lgpd.yaml); slots filled by src/copy/messages/lgpd.ts. */
export const lgpdMessagesSchema = z.object({
  dsrTipoLabels: stringsOf([
    'confirmacao_acesso',
    'correcao',
    'anonimizacao_eliminacao',
    'portabilidade',
    'compartilhamento',
    'revogacao_consentimento',
    'oposicao',
    'revisao_decisao_automatizada',
  ] as const),
  dsrForm: z.object({
    title: text('title'),
    intro: template('intro', 'days'),
    labels: stringsOf([
      'tipo',
      'tipoPlaceholder',
      'nome',
      'email',
      'cpf',
      'cpfHint',
      'detalhes',
      'detalhesPlaceholder',
    ] as const),
    placeholders: stringsOf(['nome', 'email', 'cpf'] as const),
    submit: stringsOf(['idle', 'busy'] as const),
  }),
  dsrValidationMessages: stringsOf(['tipo', 'nome', 'email', 'cpf', 'tooLong'] as const),
  dsrAnswers: z.object({
    filed: stringsOf(['title', 'text'] as const),
    failure: text('failure'),
    rateLimited: text('rateLimited'),
    invalid: text('invalid'),
    back: text('back'),
  }),
  dsrConfirmPage: z.object({
    seoTitle: text('seoTitle'),
    seoDescription: text('seoDescription'),
    pending: stringsOf(['title', 'text', 'button'] as const),
    confirmed: z.object({ title: text('title'), text: template('text', 'due', 'days') }),
    invalid: stringsOf(['title', 'text'] as const),
    expired: stringsOf(['title', 'text'] as const),
    used: stringsOf(['title', 'text'] as const),
    newRequest: text('newRequest'),
  }),
  dsrConfirmationEmail: z.object({
    subject: text('subject'),
    greeting: text('greeting'),
    body: template('body', 'tipo'),
    button: text('button'),
    ignore: text('ignore'),
    linkRemoved: text('linkRemoved'),
  }),
  dsrTeamEmail: z.object({
    subject: template('subject', 'tipo', 'due'),
    intro: template('intro', 'days'),
    labels: stringsOf(['tipo', 'nome', 'email', 'cpf', 'detalhes', 'criadaEm', 'prazo', 'link'] as const),
    empty: text('empty'),
  }),
});
export type LgpdMessages = z.output<typeof lgpdMessagesSchema>;
