/**
 * Plan tables of SPEC §9. Prices are integer cents (R$ 79,90 → 7990) so that
 * sums and the annual ÷ 12 equivalent stay exact; components format them with
 * `formatBRL` from src/lib/br-format.ts.
 */

/** The plans page (/planos) and the partner pages. */
export const plans = [
  {
    id: 'iniciante',
    name: 'Iniciante',
    description: 'Para quem está começando a profissionalizar os primeiros aluguéis.',
    monthlyCents: 4900,
    annualCents: 49_000,
    properties: 3,
    users: 1,
    storage: '5GB',
    support: 'WhatsApp e e-mail (4 vezes por mês)',
    popular: false,
  },
  {
    id: 'crescimento',
    name: 'Crescimento',
    description: 'Para proprietários que querem automatizar cobranças e repasses.',
    monthlyCents: 7990,
    annualCents: 79_990,
    properties: 5,
    users: 1,
    storage: '5GB',
    support: 'WhatsApp e e-mail',
    popular: false,
  },
  {
    id: 'potencial',
    name: 'Potencial',
    description: 'Para carteiras em expansão que precisam de controle total.',
    monthlyCents: 9990,
    annualCents: 99_990,
    properties: 10,
    users: 1,
    storage: '5GB',
    support: 'WhatsApp e e-mail',
    popular: false,
  },
  {
    id: 'profissional',
    name: 'Profissional',
    description: 'Para corretores e administradores com carteira relevante.',
    monthlyCents: 14_990,
    annualCents: 148_800,
    properties: 150,
    users: 2,
    storage: '10GB',
    support: 'WhatsApp e e-mail',
    popular: true,
  },
  {
    id: 'imobiliaria',
    name: 'Imobiliária',
    description: 'Para imobiliárias que administram centenas de contratos.',
    monthlyCents: 29_990,
    annualCents: 299_000,
    properties: 300,
    users: 3,
    storage: '20GB',
    support: 'WhatsApp e e-mail com prioridade',
    popular: false,
  },
];

/**
 * The /gestao sales page's own table. The spec gives a different annual price
 * for the 150-property plan here (R$ 1.490,90) than on /planos (R$ 1.488,00);
 * both are kept as the spec reads.
 */
export const gestaoPlans = [
  {
    id: 'primeiros-kms',
    name: 'Primeiros Kms',
    description: 'Comece a automatizar seus primeiros imóveis.',
    monthlyCents: 4900,
    annualCents: 49_000,
    properties: 3,
    users: 1,
    storage: '5GB',
    support: 'WhatsApp e e-mail',
    popular: false,
  },
  {
    id: 'ate-5-imoveis',
    name: 'Até 5 Imóveis',
    description: 'O mais escolhido por proprietários.',
    monthlyCents: 7990,
    annualCents: 79_990,
    properties: 5,
    users: 1,
    storage: '5GB',
    support: 'Suporte ilimitado',
    popular: true,
  },
  {
    id: 'ate-10-imoveis',
    name: 'Até 10 Imóveis',
    description: 'Para carteiras em crescimento.',
    monthlyCents: 9990,
    annualCents: 99_990,
    properties: 10,
    users: 1,
    storage: '5GB',
    support: 'WhatsApp e e-mail',
    popular: false,
  },
  {
    id: 'ate-150-imoveis',
    name: 'Até 150 Imóveis',
    description: 'Para corretores e administradores profissionais.',
    monthlyCents: 14_990,
    annualCents: 149_090,
    properties: 150,
    users: 2,
    storage: '10GB',
    support: 'WhatsApp e e-mail',
    popular: false,
  },
];

/** Add-on services (SPEC §9). `priceCents` absent means 'Sob consulta'. */
export const addOns = [
  {
    id: 'assinatura-eletronica',
    name: 'Assinatura eletrônica',
    description: 'Contratos assinados digitalmente, com validade jurídica.',
    priceCents: 490,
    unit: 'por documento',
  },
  {
    id: 'consulta-serasa',
    name: 'Consulta completa de crédito',
    description: 'Análise de crédito do inquilino em birô de crédito antes de fechar o contrato.',
    priceCents: 3490,
    unit: 'por consulta',
  },
  {
    id: 'fluxo-de-caixa',
    name: 'Fluxo de caixa',
    description: 'Controle de entradas e saídas da sua carteira em tempo real.',
    priceCents: 4990,
    unit: 'por mês',
  },
  {
    id: 'armazenamento-extra',
    name: 'Armazenamento extra',
    description: 'Mais espaço para contratos, vistorias e documentos.',
    priceCents: 2000,
    unit: 'por mês a cada 10GB',
  },
  {
    id: 'seguro-fianca',
    name: 'Seguro fiança',
    description: 'Garantia locatícia para substituir o fiador.',
    unit: 'sob consulta',
  },
  {
    id: 'seguro-incendio',
    name: 'Seguro incêndio',
    description: 'Proteção obrigatória do imóvel, contratada sem sair da plataforma.',
    unit: 'sob consulta',
  },
];

export const enterprise = {
  title: 'Enterprise',
  heading: 'Mais de 500 imóveis?',
  text: 'Montamos uma proposta sob medida para grandes carteiras: volume, integrações, usuários e suporte dedicado.',
  cta: 'Falar com um consultor',
};
