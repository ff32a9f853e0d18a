// Partner (influencer) landing pages: the known partners, UTM defaults and the page copy ({parceiro} = display name).
import { brand, claims, terms } from './site';

export interface Partner {
  /** URL slug: /parceiro/{id}, and /{id} when `vanity` is true. */
  id: string;
  /** Display name: "Recomendado por {name}". */
  name: string;
  /** Also served at /{id}, with the pain points placed differently. */
  vanity: boolean;
  active: boolean;
}

/** Known partners. Unknown slugs fall back to the slug split on hyphens and capitalised. */
export const partners: Partner[] = [
  { id: 'carol-imoveis', name: 'Carol Imóveis', vanity: true, active: true },
  { id: 'rafa-corretor', name: 'Rafa Corretor', vanity: false, active: true },
  { id: 'renda-de-aluguel', name: 'Renda de Aluguel', vanity: false, active: true },
];

/** Fallbacks: name with no slug, and UTM values used when the URL does not set them (SPEC §5). */
export const partnerDefaults = {
  fallbackName: 'Parceiro',
  utmSource: 'parceria',
  utmMedium: 'landing-parceiro',
  utmCampaignFallback: 'parceiro-generico',
};

/** The token replaced by the partner's display name in the copy below. */
export const partnerPlaceholder = '{parceiro}';

export interface PartnerCard {
  title: string;
  text: string;
}

const benefits: PartnerCard[] = [
  {
    title: 'Cobrança no automático',
    text: 'Boletos com juros e multa, PIX e lembretes por WhatsApp e e-mail, sem você precisar correr atrás do inquilino.',
  },
  {
    title: 'Repasses sem planilha',
    text: 'Os repasses aos proprietários são calculados e feitos automaticamente, com relatório de cada centavo.',
  },
  {
    title: claims.implementation,
    text: `${terms.implementationCalls} chamadas de vídeo ao vivo com nosso time para deixar sua carteira configurada e funcionando.`,
  },
  {
    title: claims.guarantee,
    text: `Teste por ${terms.trialDays} dias, ${claims.noCard.toLowerCase()}, e, na primeira contratação, conte com garantia de ${terms.refundDays} dias.`,
  },
];

export const partnerPage = {
  seo: {
    title: `Recomendado por {parceiro} | ${brand.name}`,
    description: `{parceiro} recomenda a ${brand.name}: contratos, boletos, PIX e repasses no automático. ${claims.trial}, ${claims.noCard.toLowerCase()}.`,
  },
  /** Small label above the headline. */
  eyebrow: 'Recomendado por {parceiro}',
  headline: '{parceiro} recomenda: coloque seus aluguéis no piloto automático',
  subheadline:
    'A plataforma que {parceiro} indica para quem aluga imóveis: contratos com assinatura digital, boletos e PIX automáticos, repasses e relatórios em um só lugar.',
  badges: [claims.trial, claims.noCard, claims.cancelAnytime],
  benefitsTitle: 'Por que {parceiro} indica a Pilota',
  benefits,
  featuresTitle: 'Tudo o que você precisa para administrar aluguéis',
  features: [
    'Cadastro de imóveis, proprietários, inquilinos e contratos',
    'Assinatura digital de contratos',
    'Boletos automáticos com juros e multa por atraso',
    'Recebimento e transferências por PIX',
    'Cobrança por WhatsApp e e-mail',
    'Repasses automáticos aos proprietários',
    'Cálculo de reajuste pelo IGP-M ou IPCA',
    'Relatórios financeiros completos',
    'Portal do inquilino com 2ª via de boleto',
    'Anúncios em portais e consulta de crédito do inquilino',
  ],
  painsTitle: 'Você se identifica?',
  pains: [
    'Passa o começo do mês conferindo extrato para saber quem pagou',
    'Cobra inquilino atrasado por mensagem, um por um',
    'Calcula juros, multa e reajuste na mão — e torce para não errar',
    'Atrasa repasses porque a planilha não fecha',
    'Perde tempo enviando 2ª via de boleto pelo WhatsApp',
  ],
  painsResolution: 'Com a Pilota, tudo isso acontece sozinho, e você só acompanha.',
  plansTitle: 'Escolha o plano ideal para a sua carteira',
  plansSubtitle: `Todos os planos com ${claims.trial.toLowerCase()}, ${claims.noCard.toLowerCase()}.`,
  popularBadge: 'Mais popular',
  perMonth: '/mês',
  cta: {
    /** Hero and generic buttons; every button opens the contact dialog. */
    primary: 'Solicitar Contato',
    /** Button on each plan card. */
    plan: 'Quero este plano',
    /** Secondary hero button. */
    secondary: 'Falar com um consultor',
  },
  finalCta: {
    title: 'Pronto para colocar seus aluguéis no piloto automático?',
    text: 'Deixe seu contato e um especialista da Pilota mostra, na prática, como a plataforma funciona para a sua carteira.',
    cta: 'Solicitar Contato',
  },
};
