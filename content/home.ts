// Home page (/) copy: SEO, hero, pain points, 3-step method, others-vs-Pilota comparison, metrics and final CTA.
import { brand, claims, figures, terms } from './site';

export interface Card {
  title: string;
  text: string;
}

export interface Metric {
  value: string;
  label: string;
}

const painCards: Card[] = [
  {
    title: 'Inadimplência que pesa no bolso',
    text: 'Sem lembretes no dia certo, o atraso vira hábito, e você só descobre quando o dinheiro não cai na conta.',
  },
  {
    title: 'Planilhas que não fecham',
    text: 'Aluguéis, contratos, reajustes e repasses espalhados em abas diferentes, com fórmula quebrada e informação desatualizada.',
  },
  {
    title: 'Cobrança manual, um por um',
    text: 'Gerar boleto, mandar mensagem, conferir extrato, calcular juros e multa: horas todo mês em tarefas repetitivas.',
  },
  {
    title: 'Repasses atrasados',
    text: 'Proprietário cobrando o repasse e pedindo extrato enquanto você ainda confere quem pagou e quanto.',
  },
];

const methodSteps: Card[] = [
  {
    title: 'Cadastre',
    text: `Traga imóveis, proprietários, inquilinos e contratos para a Pilota com a ajuda do nosso time. ${claims.implementation}.`,
  },
  {
    title: 'Automatize',
    text: 'Boletos, PIX, cobranças por WhatsApp e e-mail, reajustes e repasses passam a acontecer sozinhos, no dia certo.',
  },
  {
    title: 'Acompanhe',
    text: 'Veja recebimentos, inadimplência e repasses em tempo real e envie relatórios aos proprietários com um clique.',
  },
];

const metrics: Metric[] = [
  { value: figures.satisfaction.value, label: figures.satisfaction.label },
  { value: figures.adminTimeSaved.value, label: figures.adminTimeSaved.label },
  { value: figures.propertiesManaged.value, label: figures.propertiesManaged.label },
  { value: figures.lessDefault.value, label: figures.lessDefault.label },
];

export const home = {
  seo: {
    title: `${brand.name} | ${brand.tagline}`,
    description: `Contratos com assinatura digital, boletos e PIX automáticos, repasses e relatórios em um só lugar. Teste a ${brand.name} por ${terms.trialDays} dias grátis.`,
  },
  hero: {
    eyebrow: 'Para proprietários, corretores e imobiliárias',
    title: 'Seus aluguéis no piloto automático, do contrato ao repasse',
    subtitle:
      'A Pilota emite boletos e PIX, cobra pelo WhatsApp, calcula reajustes e faz os repasses para você. Menos planilha, menos inadimplência e mais tempo para crescer.',
    badges: [claims.trial, claims.noCard, claims.cancelAnytime],
    primaryCta: 'Começar teste grátis',
    secondaryCta: 'Falar com um consultor',
  },
  pains: {
    title: 'Administrar aluguéis na mão custa caro',
    subtitle: 'Se algum destes cenários parece familiar, a Pilota foi feita para você.',
    cards: painCards,
  },
  method: {
    title: 'Como a Pilota funciona',
    subtitle: 'Três passos para sair da planilha e colocar sua gestão no automático.',
    steps: methodSteps,
  },
  comparison: {
    title: 'Por que quem troca de sistema escolhe a Pilota',
    subtitle: 'Compare e veja a diferença na rotina.',
    othersLabel: 'Outros sistemas',
    pilotaLabel: 'Com a Pilota',
    others: [
      'Implementação demorada, que leva semanas',
      'Fidelidade e multa para cancelar',
      'Boletos gerados e enviados um a um',
      'Repasses calculados em planilha à parte',
      'Reajustes calculados à mão, sujeitos a erro',
      'Inquilino depende de você para pedir 2ª via',
    ],
    pilota: [
      `${claims.implementation}, com ${terms.implementationCalls} chamadas de vídeo ao vivo`,
      `${claims.cancelAnytime}, sem fidelidade nem multa`,
      'Boletos e PIX emitidos e enviados automaticamente, com juros e multa',
      'Repasses automáticos aos proprietários',
      'Reajuste pelo IGP-M ou IPCA calculado automaticamente',
      'Portal do inquilino com 2ª via de boleto a qualquer hora',
    ],
  },
  metrics,
  finalCta: {
    title: 'Pronto para colocar seus aluguéis no piloto automático?',
    text: `Teste grátis por ${terms.trialDays} dias, ${claims.noCard.toLowerCase()}. ${claims.cancelAnytime}.`,
    cta: 'Começar teste grátis',
  },
};
