// About page (/sobre) copy: SEO, founder story, meaning of the name, values, mission, vision and counters.
import { brand, figures } from './site';

export interface Card {
  title: string;
  text: string;
}

export interface Counter {
  value: string;
  label: string;
}

const values: Card[] = [
  {
    title: 'Simplicidade',
    text: 'Tecnologia boa é a que some da sua frente. Cada tela da Pilota é pensada para resolver a tarefa em poucos cliques, sem manual.',
  },
  {
    title: 'Transparência',
    text: 'Preços claros, sem fidelidade e sem letras miúdas. E a mesma clareza nos números que você mostra aos seus proprietários.',
  },
  {
    title: 'Segurança',
    text: 'Cuidamos dos dados e do dinheiro dos nossos clientes com o mesmo rigor de um banco, seguindo a LGPD em cada processo.',
  },
  {
    title: 'Proximidade',
    text: 'Por trás da plataforma tem gente de verdade. Acompanhamos cada cliente desde a implementação e ouvimos quem usa a Pilota todos os dias.',
  },
];

const counters: Counter[] = [
  { value: figures.clients.value, label: figures.clients.label },
  { value: figures.properties.value, label: figures.properties.label },
  { value: figures.satisfactionAlt.value, label: figures.satisfactionAlt.label },
  { value: figures.timeReduction.value, label: figures.timeReduction.label },
];

export const about = {
  seo: {
    title: `Sobre a ${brand.name} | Nossa história`,
    description: `Conheça a história da ${brand.name}, a plataforma criada por quem já administrou aluguéis em planilha para colocar a gestão de imóveis no piloto automático.`,
  },
  hero: {
    title: 'Feita por quem já viveu a gestão de aluguéis na planilha',
    subtitle: 'Nascemos para devolver tempo a proprietários, corretores e imobiliárias.',
  },
  story: {
    title: 'Como tudo começou',
    paragraphs: [
      'A Pilota começou em casa. Durante anos, o Marcelo ajudou a família a administrar alguns imóveis alugados, e toda a gestão cabia em uma planilha: quem pagou, quem atrasou, quando reajustar, quanto repassar.',
      'Todo começo de mês era a mesma rotina: gerar boletos, mandar mensagens de cobrança, conferir o extrato linha por linha e refazer as contas de juros, multa e reajuste. Bastava um erro de fórmula para o repasse sair errado, e o fim de semana ir embora.',
      'Cansado de apagar incêndios, ele começou a automatizar cada etapa: boletos e PIX emitidos sozinhos, lembretes pelo WhatsApp, reajustes calculados na data certa, repasses feitos sem planilha. Quando amigos corretores e outros proprietários pediram para usar a mesma solução, ficou claro que o problema não era só da família dele.',
      'Assim nasceu a Pilota: uma plataforma que cuida da parte repetitiva da gestão de aluguéis para que você possa se dedicar ao que realmente importa — os seus clientes, os seus imóveis e o crescimento do seu negócio.',
    ],
  },
  name: {
    title: 'Por que “Pilota”?',
    paragraphs: [
      'O nome vem de “pilotar” e de “piloto automático”. Assim como em um avião, as tarefas que se repetem todos os meses — emitir boletos, cobrar, reajustar, repassar — seguem o curso sozinhas, com precisão e no horário certo.',
      'Mas quem está no comando continua sendo você. A Pilota mostra cada número em tempo real e deixa todas as decisões nas suas mãos: a gestão roda por conta própria, e você mantém o controle da rota.',
    ],
  },
  valuesTitle: 'Nossos valores',
  values,
  mission: {
    title: 'Missão',
    text: 'Tirar o peso operacional da gestão de aluguéis, automatizando cobranças, contratos e repasses, para que proprietários e imobiliárias tenham mais tempo, mais controle e menos inadimplência.',
  },
  vision: {
    title: 'Visão',
    text: 'Ser a plataforma de referência em gestão de aluguéis no Brasil, reconhecida por tornar simples o que sempre foi trabalhoso.',
  },
  countersTitle: 'A Pilota em números',
  counters,
};
