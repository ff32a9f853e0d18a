/**
 * Site-wide facts: brand, contact data, links, claims and commercial terms.
 * Components and services import from here; nothing below is retyped elsewhere.
 * The company's own facts (phone, e-mail, CNPJ …) come from ./company.ts, where the
 * stand-ins the spec left open are marked until launch.
 */
import { company } from './company';

export const contact = {
  phone: company.phone,
  /** `phone` with the country code, for tel: links. */
  phoneHref: `tel:+55${company.phone.replace(/\D/g, '')}`,
  email: company.email,
  whatsappUrl: `https://wa.me/${company.whatsappNumber}?text=Ol%C3%A1!%20Quero%20conhecer%20a%20Pilota.`,
  companyRegistration: `CNPJ ${company.cnpj}`,
  legalName: company.legalName,
  city: 'São Paulo, SP',
  supportHours: 'Segunda a sexta, das 9h às 18h',
  supportHoursShort: 'Seg. a sex., 9h–18h',
  replyPromise: 'Respondemos em até 2 horas em horário comercial.',
} as const;

export const brand = {
  name: 'Pilota',
  tagline: 'Gestão de aluguéis no piloto automático',
  description:
    'Plataforma de gestão de imóveis para aluguel: contratos com assinatura digital, boletos e PIX automáticos, repasses, reajustes, relatórios e portal do inquilino.',
} as const;

export const links = {
  /** The blog. Set to an outside URL to send visitors to an external blog instead. */
  blog: '/blog',
  /** The product's web app, opened in a new tab by 'Acessar'. */
  app: company.appUrl,
  instagram: company.instagramUrl,
} as const;

export const nav = [
  { label: 'Início', href: '/' },
  { label: 'Sobre', href: '/sobre' },
  { label: 'Funcionalidades', href: '/funcionalidades' },
  { label: 'Planos', href: '/planos' },
  { label: 'Blog', href: links.blog },
] as const;

/** Commercial terms of SPEC §9 that copy and legal pages quote. */
export const terms = {
  trialDays: 7,
  refundDays: 30,
  implementationFeeCents: 25_000,
  implementationCalls: 3,
  implementationHours: 24,
  enterpriseFromProperties: 500,
  annualSavingsPlans: 'até 20%',
  annualSavingsGestao: 'até 17%',
  annualFreeMonths: 2,
  minPlanProperties: 3,
  maxPlanProperties: 500,
  overdueSuspensionDays: 10,
  priceAdjustmentNoticeDays: 30,
  minimumAge: 18,
  lgpdReplyDays: 15,
  dataRetentionYears: 5,
  replyHours: 2,
} as const;

/** Promotional claims (SPEC §1). Badges and proof points read from here. */
export const claims = {
  trial: '7 dias grátis',
  noCard: 'Sem cartão de crédito',
  cancelAnytime: 'Cancele quando quiser',
  support: 'Suporte 24/7',
  security: 'Segurança de nível bancário',
  implementation: 'Implementação em 24h',
  guarantee: 'Garantia de 30 dias',
} as const;

/** Figures shown as metrics and counters. `value` is display text; `label` says what it measures. */
export const figures = {
  propertiesManaged: { value: '+5.000', label: 'imóveis gerenciados' },
  satisfaction: { value: '98%', label: 'de satisfação dos clientes' },
  adminTimeSaved: { value: '70%', label: 'menos tempo administrativo' },
  clients: { value: '500+', label: 'clientes' },
  properties: { value: '10k+', label: 'imóveis na plataforma' },
  timeReduction: { value: '87%', label: 'de redução no tempo de gestão' },
  satisfactionAlt: { value: '96%', label: 'de satisfação' },
  migrate: { value: '73%', label: 'migram de planilhas e outros sistemas' },
  lessDefault: { value: '60%', label: 'menos inadimplência' },
} as const;
