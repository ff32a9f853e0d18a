/*
 * The settings files (content/settings): business hours, the company's facts, the site's
 * brand and terms, the cookie banner. Settings read by browser code too:
 * src/integrations/yaml-modules.mjs turns each of these files into a plain ES module at
 * build, checked by its schema (src/lib/content-modules.ts), so a visitor's page gets the
 * words without a YAML parser or zod.
 */
import { z } from 'zod';
import {
  text,
  CLOCK_PATTERN,
  CLOCK_MESSAGE,
  MONTH_DAY_PATTERN,
  MONTH_DAY_MESSAGE,
  ISO_DATE_PATTERN,
  ISO_DATE_MESSAGE,
  positiveInt,
  webAddress,
  href,
  template,
} from './fields.ts';

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
