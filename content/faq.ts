// FAQ entries: 6 for /planos and 8 for /gestao; every number or claim is read from ./site and ./plans.
import { claims, contact, figures, terms } from './site';

export type FaqPage = 'planos' | 'gestao';

export interface Faq {
  id: string;
  page: FaqPage;
  /** Position on its page, starting at 1. */
  order: number;
  question: string;
  answer: string;
}

export const faqs: Faq[] = [
  // ——— /planos ———
  {
    id: 'planos-teste-gratis',
    page: 'planos',
    order: 1,
    question: 'Como funciona o teste grátis?',
    answer: `Você usa a Pilota por ${terms.trialDays} dias sem pagar nada e sem cadastrar cartão de crédito. Ao fim do teste, o plano escolhido passa a ser cobrado automaticamente, a menos que você cancele antes — e, se cancelar durante o teste, não paga nada.`,
  },
  {
    id: 'planos-cancelamento',
    page: 'planos',
    order: 2,
    question: 'Existe fidelidade ou multa para cancelar?',
    answer:
      'Não. Nenhum plano tem período de fidelidade nem multa de cancelamento: você cancela quando quiser, sem burocracia. Mantemos você com a gente pela qualidade do serviço, não por contrato.',
  },
  {
    id: 'planos-garantia',
    page: 'planos',
    order: 3,
    question: `Como funciona a garantia de ${terms.refundDays} dias?`,
    answer: `Na primeira contratação de um plano pago, se a Pilota não atender às suas expectativas, você pode pedir o reembolso integral em até ${terms.refundDays} dias contados da primeira cobrança — basta escrever para ${contact.email}. Depois desse prazo, o cancelamento continua livre de multa, mas os valores já pagos não são devolvidos.`,
  },
  {
    id: 'planos-plano-anual',
    page: 'planos',
    order: 4,
    question: 'Vale a pena contratar o plano anual?',
    answer: `Vale: no plano anual você economiza ${terms.annualSavingsPlans} — é como ganhar ${terms.annualFreeMonths} meses grátis — e ainda fica isento da taxa de implementação de R$ ${terms.implementationFeeCents / 100}. O valor do ano é cobrado de uma vez, e mostramos na tabela quanto ele representa por mês.`,
  },
  {
    id: 'planos-implementacao',
    page: 'planos',
    order: 5,
    question: 'Existe taxa de implementação?',
    answer: `Sim. A implementação custa R$ ${terms.implementationFeeCents / 100}, cobrada uma única vez, e é gratuita no plano anual. Ela inclui ${terms.implementationCalls} chamadas de vídeo ao vivo com nosso time para configurar sua conta, trazer seus imóveis e contratos para a plataforma e treinar quem vai usar. Em até ${terms.implementationHours} horas sua operação já pode rodar na Pilota.`,
  },
  {
    id: 'planos-enterprise',
    page: 'planos',
    order: 6,
    question: `Tenho mais de ${terms.enterpriseFromProperties} imóveis. Qual plano devo escolher?`,
    answer: `Para carteiras com mais de ${terms.enterpriseFromProperties} imóveis montamos uma proposta Enterprise sob medida, considerando volume, integrações, número de usuários e suporte dedicado. Clique em “Falar com um consultor” e conte como é a sua operação. ${contact.replyPromise}`,
  },

  // ——— /gestao ———
  {
    id: 'gestao-teste-gratis',
    page: 'gestao',
    order: 1,
    question: 'Preciso de cartão de crédito para testar?',
    answer: `Não. O teste é gratuito por ${terms.trialDays} dias e não pede cartão de crédito. Ao final do período, o plano escolhido passa a ser cobrado automaticamente, a menos que você cancele antes.`,
  },
  {
    id: 'gestao-cancelamento',
    page: 'gestao',
    order: 2,
    question: 'Posso cancelar quando quiser?',
    answer: `Pode. Não há fidelidade nem multa de cancelamento. E, na primeira contratação, você ainda conta com garantia de ${terms.refundDays} dias: se não ficar satisfeito nesse prazo, devolvemos o valor pago.`,
  },
  {
    id: 'gestao-plano-anual',
    page: 'gestao',
    order: 3,
    question: 'Quanto economizo no plano anual?',
    answer: `No plano anual você economiza ${terms.annualSavingsGestao} em relação a pagar mês a mês, e a taxa de implementação de R$ ${terms.implementationFeeCents / 100} fica por nossa conta. O valor do ano é cobrado de uma vez.`,
  },
  {
    id: 'gestao-implementacao',
    page: 'gestao',
    order: 4,
    question: 'Como funciona a implementação?',
    answer: `A implementação custa R$ ${terms.implementationFeeCents / 100} (gratuita no plano anual) e inclui ${terms.implementationCalls} chamadas de vídeo ao vivo com um especialista da Pilota. Juntos, configuramos sua conta, cadastramos sua carteira e deixamos cobranças e repasses funcionando. Em até ${terms.implementationHours} horas sua conta já está pronta para uso.`,
  },
  {
    id: 'gestao-migracao',
    page: 'gestao',
    order: 5,
    question: 'Hoje controlo tudo em planilhas. Como faço a migração?',
    answer: `Esse é o caminho mais comum: ${figures.migrate.value} dos nossos clientes ${figures.migrate.label}. Nas chamadas de implementação, nosso time ajuda você a trazer imóveis, proprietários, inquilinos e contratos das suas planilhas para a Pilota, sem que você precise começar do zero.`,
  },
  {
    id: 'gestao-seguranca',
    page: 'gestao',
    order: 6,
    question: 'Meus dados e os dos meus inquilinos ficam seguros?',
    answer: `Sim. A Pilota tem ${claims.security.toLowerCase()}: conexões criptografadas, acesso individual por usuário e tratamento de dados pessoais de acordo com a LGPD (Lei nº 13.709/2018). Você pode pedir acesso, correção ou eliminação dos seus dados quando quiser.`,
  },
  {
    id: 'gestao-suporte',
    page: 'gestao',
    order: 7,
    question: 'Como funciona o suporte?',
    answer: `Nossa equipe atende de ${contact.supportHours.toLowerCase()}, por WhatsApp, pelo e-mail ${contact.email} ou pelo telefone ${contact.phone}. ${contact.replyPromise}`,
  },
  {
    id: 'gestao-para-quem',
    page: 'gestao',
    order: 8,
    question: 'A Pilota serve para o meu perfil?',
    answer: `A Pilota foi feita para proprietários, corretores, administradores e imobiliárias. Os planos começam em ${terms.minPlanProperties} imóveis e, para carteiras com mais de ${terms.enterpriseFromProperties} imóveis, montamos uma proposta Enterprise sob medida.`,
  },
];
