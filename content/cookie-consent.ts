/**
 * The cookie banner and its preferences, following the ANPD's guide
 * "Cookies e proteção de dados pessoais" (Oct 2022): a first layer where "Rejeitar" is as
 * visible as "Aceitar todos", a second layer with each category's purpose and legal basis,
 * nothing pre-ticked, and a footer link that reopens it at any time. The categories are
 * those of the cookie policy (content/legal/cookies.md).
 *
 * The choice is kept in a first-party cookie for `maxAgeDays` and asked again after that,
 * or as soon as `version` changes — bump it whenever a category, a purpose, a partner or
 * the legal basis below changes, so nobody stays bound to a text they never saw.
 */

export const cookieConsentPolicy = {
  /**
   * Version of this consent text; recorded with every choice (locally and on the server).
   * Letters, digits, '-' and '_' only: it travels inside the consent cookie.
   */
  version: '2026-01',
  /**
   * Every version the site has ever shown, the current one included (a test checks it). The
   * server records a choice only under one of these: a tab opened before a deploy still
   * sends the version it showed, and nothing else is a text anyone saw. Never remove one.
   */
  publishedVersions: ['2026-01'],
  /**
   * How long a choice holds before the banner asks again: 6 months, the renewal period the
   * French CNIL recommends (neither the LGPD nor the ANPD's guide sets one).
   */
  maxAgeDays: 180,
  /** Name of the first-party (essential) cookie that keeps the choice. */
  cookieName: 'pilota_cookies',
} as const;

/** Optional categories in the order they are shown; essential cookies are not a choice. */
export const COOKIE_CATEGORIES = ['analytics', 'functionality', 'marketing'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

interface CategoryCopy {
  title: string;
  purpose: string;
  legalBasis: string;
}

export const cookieCategoryCopy: { essential: CategoryCopy } & Record<CookieCategory, CategoryCopy> = {
  essential: {
    title: 'Essenciais',
    purpose:
      'Mantêm o site funcionando com segurança: sessão de login, proteção dos formulários, controle de tentativas de acesso e o registro desta sua escolha.',
    legalBasis:
      'Base legal: legítimo interesse (art. 7º, IX, da LGPD). São necessários para o site funcionar e, por isso, não dependem de consentimento.',
  },
  analytics: {
    title: 'Análise (desempenho)',
    purpose:
      'Mostram como os visitantes usam o site — páginas mais acessadas, origem das visitas e erros — de forma agregada, para melhorarmos o conteúdo e o desempenho.',
    legalBasis: 'Base legal: consentimento (art. 7º, I, da LGPD), que você pode retirar a qualquer momento.',
  },
  functionality: {
    title: 'Funcionalidade',
    purpose:
      'Lembram escolhas que você faz, como preferências de exibição e informações já preenchidas, para você não precisar repeti-las.',
    legalBasis: 'Base legal: consentimento (art. 7º, I, da LGPD), que você pode retirar a qualquer momento.',
  },
  marketing: {
    title: 'Marketing',
    purpose:
      'Registram a origem da sua visita e as conversões (como um pedido de contato) para medir nossas campanhas e mostrar anúncios mais relevantes, dentro e fora do site.',
    legalBasis: 'Base legal: consentimento (art. 7º, I, da LGPD), que você pode retirar a qualquer momento.',
  },
};

/** Third-party tools per category, named in the second layer only when they are configured. */
export const cookieToolNames = {
  ga4: 'Google Analytics 4 (Google)',
  meta: 'Pixel da Meta (Meta/Facebook)',
} as const;

export const cookieBannerCopy = {
  title: 'Cookies e privacidade',
  text: 'Usamos cookies essenciais para o site funcionar e, com a sua permissão, cookies de análise, de funcionalidade e de marketing. Você pode mudar sua escolha quando quiser em “Preferências de cookies”, no rodapé.',
  policyLink: 'Política de Cookies',
  policyHref: '/cookies',
  acceptAll: 'Aceitar todos',
  rejectAll: 'Rejeitar',
  customize: 'Personalizar',
} as const;

export const cookiePreferencesCopy = {
  title: 'Preferências de cookies',
  intro:
    'Escolha quais cookies não essenciais podemos usar. Nenhuma categoria opcional vem marcada: só ativamos o que você permitir, e você pode mudar isso a qualquer momento.',
  /** How long the choice holds (months from `maxAgeDays`), said where it is made. */
  validity: (months: number) =>
    `Sua escolha vale por ${months} meses; depois disso, ou quando estas categorias mudarem, perguntaremos de novo.`,
  alwaysOn: 'Sempre ativos',
  toolsLabel: 'Ferramentas:',
  save: 'Salvar preferências',
  acceptAll: 'Aceitar todos',
  rejectAll: 'Rejeitar todos',
  close: 'Fechar',
  /** Read to screen readers after a choice is saved. */
  saved: 'Suas preferências de cookies foram salvas.',
} as const;

/** The footer link that reopens the preferences (a link to the policy when JavaScript is off). */
export const cookieFooterLink = { label: 'Preferências de cookies', href: '/cookies' } as const;

/** Answers of the record endpoint (POST /api/consentimento-cookies) a banner can get. */
export const cookieConsentMessages = {
  /** A version the site never published: a forged record, or a banner from nowhere. */
  unknownVersion: 'Versão do aviso de cookies desconhecida. Recarregue a página e escolha de novo.',
} as const;
