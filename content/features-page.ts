// Page-level copy for /funcionalidades (featuresPage) and /planos (plansPage); tabs, plans and FAQ live in their own modules.
import { brand, claims, terms } from './site';

export const featuresPage = {
  seo: {
    title: `Funcionalidades | ${brand.name}`,
    description:
      'Contratos com assinatura digital, boletos e PIX automáticos, cobrança por WhatsApp, repasses, reajustes, relatórios e portal do inquilino em uma só plataforma.',
  },
  hero: {
    title: 'Tudo o que a sua gestão de aluguéis precisa, em um só lugar',
    subtitle:
      'Do cadastro do imóvel ao repasse para o proprietário, a Pilota automatiza cada etapa para você ganhar tempo e reduzir a inadimplência.',
  },
  rangeStatement: `Planos de ${terms.minPlanProperties} a ${terms.maxPlanProperties} imóveis, com proprietários e inquilinos ilimitados.`,
  /** Accessible name of the tab list. */
  tabsLabel: `Funcionalidades da ${brand.name}`,
  /** Caption of the mock dashboards: their numbers are examples. */
  dashboardNote: 'Exemplo ilustrativo',
  plansLink: 'Ver planos e preços',
};

export const plansPage = {
  seo: {
    title: `Planos e Preços | ${brand.name}`,
    description: `Planos da ${brand.name} para todos os tamanhos de carteira, sem fidelidade. Economize ${terms.annualSavingsPlans} no plano anual e teste por ${terms.trialDays} dias grátis.`,
  },
  hero: {
    title: 'Planos simples, do primeiro imóvel à imobiliária',
    subtitle: `Comece com ${claims.trial.toLowerCase()}, ${claims.noCard.toLowerCase()}. ${claims.cancelAnytime}, sem multa.`,
  },
  monthlyLabel: 'Mensal',
  annualLabel: 'Anual',
  /** SPEC §2 verbatim: 'Economize até 20% no plano anual!'. */
  annualBadge: `Economize ${terms.annualSavingsPlans} no plano anual!`,
  perMonth: '/mês',
  annualTotalLabel: 'Total anual de',
  /** Accessible name of the monthly/annual switch. */
  billingLabel: 'Período de cobrança',
  /** Read by screen readers before the struck-through monthly price in annual mode. */
  regularPriceLabel: 'Preço mensal sem desconto:',
  /** Limit lines of each card; `{n}` is the plan's value (src/lib/plan-features.ts). */
  planFeatures: {
    properties: 'Até {n} imóveis',
    users: ['{n} usuário', '{n} usuários'],
    storage: '{n} de armazenamento',
    support: 'Suporte por {n}',
  } as const,
  popularBadge: 'Mais popular',
  cta: 'Começar teste grátis',
  addOnsTitle: 'Serviços adicionais',
  addOnsSubtitle: 'Contrate só o que fizer sentido para a sua operação.',
  enterpriseTitle: 'Para grandes carteiras',
  faqTitle: 'Perguntas frequentes',
  trialCta: {
    title: `Teste a ${brand.name} por ${terms.trialDays} dias grátis`,
    text: `${claims.noCard}. ${claims.cancelAnytime}. E, na primeira contratação, você ainda tem ${claims.guarantee.toLowerCase()}.`,
    cta: 'Começar teste grátis',
  },
};
