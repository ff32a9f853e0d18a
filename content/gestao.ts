// The /gestao long sales page (SPEC §2 'Sales page'): every section's copy, in page order.
// Plans come from ./plans (gestaoPlans), FAQs from ./faq (page 'gestao'); numbers and terms from ./site.
import { company } from './company';
import { brand, claims, figures, terms } from './site';

export interface FeatureGroup {
  /** Icon name from src/components/icons.ts. */
  icon: 'zap' | 'chart' | 'shield' | 'users';
  title: string;
  text: string;
  items: string[];
}

export interface Step {
  title: string;
  text: string;
}

const featureGroups: FeatureGroup[] = [
  {
    icon: 'zap',
    title: 'Automação total',
    text: 'O que hoje toma seus dias acontece sozinho, no dia certo.',
    items: [
      'Boletos emitidos automaticamente, com juros e multa por atraso',
      'Cobrança por WhatsApp e e-mail antes e depois do vencimento',
      'Repasses automáticos aos proprietários',
      'Reajuste anual calculado pelo IGP-M ou IPCA',
    ],
  },
  {
    icon: 'chart',
    title: 'Controle em tempo real',
    text: 'Saiba quem pagou, quem atrasou e quanto entra no mês, sem abrir extrato.',
    items: [
      'Painel com recebimentos, atrasos e repasses do mês',
      'Baixa automática de boletos e PIX pagos',
      'Relatórios financeiros por imóvel e por proprietário',
      'Alertas de contratos a vencer e reajustes do mês',
    ],
  },
  {
    icon: 'shield',
    title: 'Segurança e conformidade',
    text: `${claims.security}, com tudo documentado e dentro da lei.`,
    items: [
      'Contratos com assinatura digital e validade jurídica',
      'Dados pessoais tratados de acordo com a LGPD',
      'Acesso individual por usuário e histórico de alterações',
      'Consulta de crédito do inquilino antes de fechar a locação',
    ],
  },
  {
    icon: 'users',
    title: 'Experiência do inquilino',
    text: 'Inquilino bem atendido paga em dia e não precisa ligar para você.',
    items: [
      'Portal do inquilino com 2ª via de boleto a qualquer hora',
      'Pagamento por boleto ou PIX, do jeito que ele preferir',
      'Lembretes amigáveis antes do vencimento',
      'Recibos e extratos disponíveis sem precisar pedir',
    ],
  },
];

const steps: Step[] = [
  {
    title: 'Fale com um especialista',
    text: 'Conte como é a sua carteira hoje. Mostramos a Pilota funcionando com casos iguais ao seu e indicamos o plano certo.',
  },
  {
    title: 'Implementação guiada',
    text: `Em ${terms.implementationCalls} chamadas de vídeo ao vivo, configuramos sua conta e trazemos imóveis, proprietários, inquilinos e contratos das suas planilhas. ${claims.implementation}.`,
  },
  {
    title: 'Piloto automático',
    text: 'Boletos, cobranças, reajustes e repasses passam a acontecer sozinhos. Você acompanha tudo pelo painel, de qualquer lugar.',
  },
];

export const gestaoPage = {
  seo: {
    title: `Sistema de gestão de aluguéis no piloto automático | ${brand.name}`,
    description: `Boletos, PIX, cobrança por WhatsApp, reajustes e repasses automáticos para proprietários, corretores e imobiliárias. Planos a partir de ${terms.minPlanProperties} imóveis, ${claims.trial.toLowerCase()}.`,
  },
  header: {
    cta: 'Começar Agora',
  },
  hero: {
    eyebrow: 'Gestão de aluguéis para proprietários, corretores e imobiliárias',
    title: 'Pare de correr atrás de aluguel. Deixe a Pilota cobrar, reajustar e repassar por você.',
    subtitle:
      'Contratos, boletos, PIX, cobrança por WhatsApp, reajustes e repasses em um só sistema, funcionando sozinho enquanto você cuida do que importa.',
    /** SPEC §2 verbatim: opens the contact dialog. */
    primaryCta: 'Começar Agora',
    /** SPEC §2 verbatim: anchor to #como-funciona. */
    secondaryCta: 'Ver Como Funciona',
    badges: [claims.trial, claims.noCard, claims.implementation],
  },
  /** Illustrative data for the mock dashboard beside the hero. */
  dashboard: {
    title: 'Painel de recebimentos — junho',
    caption: 'Exemplo ilustrativo do painel da Pilota',
    metrics: [
      { label: 'Recebido no mês', value: 'R$ 84.320,00' },
      { label: 'Em atraso', value: 'R$ 2.150,00' },
      { label: 'Repasses feitos', value: '37' },
    ],
    rows: [
      { label: 'Apto 302 – Vila Mariana', value: 'R$ 2.800,00', status: 'Pago via PIX' },
      { label: 'Casa 14 – Moema', value: 'R$ 4.500,00', status: 'Pago via boleto' },
      { label: 'Sala 1208 – Paulista', value: 'R$ 3.150,00', status: 'Cobrança enviada' },
      { label: 'Apto 81 – Pinheiros', value: 'R$ 2.150,00', status: 'Em atraso · 3 dias' },
    ],
  },
  pains: {
    title: 'Administrar aluguel não deveria dar tanto trabalho',
    subtitle: 'Se você se reconhece em alguma destas situações, a Pilota foi feita para você.',
    owners: {
      title: 'Para proprietários',
      items: [
        'Todo mês confere o extrato para descobrir quem pagou',
        'Cobra o inquilino atrasado por mensagem, com constrangimento',
        'Calcula juros, multa e reajuste na mão e torce para não errar',
        'Perde recibos, contratos e comprovantes em pastas e conversas',
      ],
    },
    brokers: {
      title: 'Para corretores e imobiliárias',
      items: [
        'Planilhas que não fecham e informação espalhada entre a equipe',
        'Repasses atrasados e proprietários cobrando extrato',
        'Horas por semana gerando boletos e enviando 2ª via',
        'Dificuldade de crescer a carteira sem contratar mais gente',
      ],
    },
  },
  features: {
    title: 'Tudo o que a sua gestão precisa, em quatro frentes',
    subtitle: 'Da cobrança ao repasse, a Pilota cuida da rotina para você cuidar do negócio.',
    groups: featureGroups,
  },
  howItWorks: {
    /** The anchor 'Ver Como Funciona' points to. */
    id: 'como-funciona',
    title: 'Como funciona',
    subtitle: 'Três passos entre a planilha de hoje e a gestão no piloto automático.',
    steps,
    videoCta: 'Assistir à demonstração',
  },
  /**
   * The demo video, shown in a dialog behind a click-to-play facade: nothing is
   * requested from the video host until the visitor presses play.
   */
  video: {
    /** Privacy-enhanced embed host; the video's id is in ./company.ts. */
    embedUrl: `https://www.youtube-nocookie.com/embed/${company.demoVideoId}?autoplay=1&rel=0`,
    title: 'Demonstração da Pilota',
    description: 'Veja em poucos minutos como a Pilota emite boletos, cobra, reajusta e repassa no automático.',
    playLabel: 'Reproduzir vídeo',
    closeLabel: 'Fechar vídeo',
    /** Shown under the play button: the video comes from a third party only once played. */
    notice: 'O vídeo é carregado do YouTube somente quando você clicar em reproduzir.',
  },
  featureList: {
    title: 'Funcionalidades completas',
    subtitle: 'Tudo incluído em todos os planos.',
    items: [
      'Cadastro de imóveis, proprietários e inquilinos',
      'Gestão de contratos de locação',
      'Assinatura digital de contratos',
      'Boletos automáticos com juros e multa',
      'Recebimento por PIX',
      'Cobrança por WhatsApp',
      'Cobrança por e-mail',
      'Repasses automáticos aos proprietários',
      'Cálculo de reajuste pelo IGP-M ou IPCA',
      'Relatórios financeiros',
      'Extrato para o proprietário',
      'Portal do inquilino',
      '2ª via de boleto pelo próprio inquilino',
      'Anúncio em portais imobiliários',
      'Consulta de crédito do inquilino',
      'Suporte por WhatsApp e e-mail',
    ],
  },
  numbers: {
    title: 'Resultados de quem já usa a Pilota',
    items: [figures.clients, figures.properties, figures.timeReduction, figures.satisfactionAlt],
  },
  pricing: {
    id: 'planos',
    title: 'Planos para cada tamanho de carteira',
    subtitle: `${claims.trial}, ${claims.noCard.toLowerCase()}. ${claims.cancelAnytime}.`,
    /** Accessible name of the monthly/annual switch. */
    billingLabel: 'Período de cobrança',
    monthlyLabel: 'Mensal',
    annualLabel: 'Anual',
    /** SPEC §9: on /gestao the annual saving reads 'até 17%' (on /planos it is 'até 20%'). */
    annualBadge: `Economize ${terms.annualSavingsGestao} no plano anual!`,
    perMonth: '/mês',
    annualTotalLabel: 'Total anual de',
    /** Read by screen readers before the struck-through monthly price in annual mode. */
    regularPriceLabel: 'Preço mensal sem desconto:',
    /**
     * Limit lines of each card; `{n}` is the plan's value (src/lib/plan-features.ts).
     * Support values that already read as a sentence ('Suporte ilimitado') use `supportAsIs`.
     */
    planFeatures: {
      properties: 'Até {n} imóveis',
      users: ['{n} usuário', '{n} usuários'],
      storage: '{n} de armazenamento',
      support: 'Suporte por {n}',
    } as const,
    supportAsIs: '{n}',
    cta: 'Começar Agora',
    popularBadge: 'Mais popular',
  },
  implementationFee: {
    title: 'Taxa de implementação',
    /** Formatted with formatBRL by the component. */
    feeCents: terms.implementationFeeCents,
    freeOnAnnual: 'Grátis no plano anual',
    text: `Pagamento único, que inclui ${terms.implementationCalls} chamadas de vídeo ao vivo com um especialista para configurar sua conta e migrar sua carteira. ${claims.implementation}.`,
  },
  enterprise: {
    eyebrow: 'Enterprise',
    title: `Mais de ${terms.enterpriseFromProperties} imóveis?`,
    text: 'Montamos uma proposta sob medida para grandes carteiras: volume, integrações, usuários e suporte dedicado.',
    cta: 'Falar com um consultor',
  },
  faq: {
    title: 'Perguntas frequentes',
    subtitle: 'Ainda com dúvida? Fale com a gente: respondemos rapidinho.',
  },
  finalCta: {
    title: 'Sua carteira no piloto automático a partir de hoje',
    text: `${claims.trial}, ${claims.noCard.toLowerCase()}. ${claims.guarantee} na primeira contratação.`,
    cta: 'Começar Agora',
  },
};
