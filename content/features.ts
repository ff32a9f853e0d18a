// The 7 feature tabs of /funcionalidades (SPEC §2 Features): list, result statement and mock dashboard each.
import { figures } from './site';

export interface DashboardMetric {
  label: string;
  value: string;
}

export interface DashboardRow {
  label: string;
  value: string;
  status: string;
}

export interface FeatureTab {
  /** kebab-case, usable as the tab's anchor. */
  id: string;
  /** Tab position, starting at 1; the first tab is active by default. */
  order: number;
  /** Tab label. */
  label: string;
  title: string;
  summary: string;
  items: string[];
  /** The result statement under the list. */
  result: string;
  /** The mock dashboard beside the list (illustrative data). */
  dashboard: {
    title: string;
    metrics: DashboardMetric[];
    rows: DashboardRow[];
  };
}

export const features: FeatureTab[] = [
  {
    id: 'gestao-de-imoveis',
    order: 1,
    label: 'Gestão de Imóveis',
    title: 'Toda a sua carteira organizada em um só lugar',
    summary:
      'Cadastre imóveis, proprietários, inquilinos e contratos uma única vez e encontre qualquer informação em segundos, sem abrir planilha.',
    items: [
      'Cadastro completo de imóveis, com endereço, características, fotos e documentos',
      'Proprietários e inquilinos ilimitados, com dados de contato e bancários',
      'Histórico de cada imóvel: contratos, pagamentos, reajustes e repasses',
      'Situação de cada imóvel à vista: alugado, disponível ou em negociação',
      'Consulta de crédito do inquilino em birô de crédito antes de fechar a locação',
      'Busca e filtros por proprietário, bairro, situação ou vencimento',
    ],
    result: `${figures.adminTimeSaved.value} ${figures.adminTimeSaved.label}: toda a informação da carteira a um clique.`,
    dashboard: {
      title: 'Carteira de imóveis',
      metrics: [
        { label: 'Imóveis ativos', value: '48' },
        { label: 'Contratos vigentes', value: '45' },
        { label: 'Taxa de ocupação', value: '94%' },
      ],
      rows: [
        { label: 'Apto 302 – Vila Mariana', value: 'R$ 2.800,00', status: 'Alugado' },
        { label: 'Sala 1104 – Centro', value: 'R$ 1.650,00', status: 'Alugado' },
        { label: 'Casa 12 – Jardim Botânico', value: 'R$ 3.450,00', status: 'Disponível' },
        { label: 'Studio 54 – Pinheiros', value: 'R$ 2.150,00', status: 'Em negociação' },
      ],
    },
  },
  {
    id: 'contratos',
    order: 2,
    label: 'Contratos',
    title: 'Contratos digitais, do modelo à assinatura',
    summary:
      'Gere contratos de locação a partir de modelos, colete assinaturas digitais e acompanhe vencimentos e reajustes sem depender de papel.',
    items: [
      'Contratos de locação gerados a partir de modelos personalizáveis',
      'Assinatura digital com validade jurídica, sem imprimir nem enviar papel',
      'Cálculo automático de reajuste pelo IGP-M ou pelo IPCA',
      'Alertas de vencimento, renovação e reajuste de contrato',
      'Registro das garantias da locação: fiador, caução ou seguro fiança',
      'Vistorias e documentos anexados a cada contrato',
    ],
    result: 'Contratos assinados em minutos, de qualquer lugar, e reajustes que nunca passam da data.',
    dashboard: {
      title: 'Contratos',
      metrics: [
        { label: 'Assinados no mês', value: '12' },
        { label: 'Aguardando assinatura', value: '3' },
        { label: 'Reajustes no mês', value: '5' },
      ],
      rows: [
        { label: 'Contrato nº 1042 – Ana Souza', value: '15/07/2025', status: 'Assinado' },
        { label: 'Contrato nº 1043 – Bruno Lima', value: '18/07/2025', status: 'Aguardando assinatura' },
        { label: 'Reajuste IGP-M – Apto 302', value: '01/08/2025', status: 'Agendado' },
        { label: 'Renovação – Sala 1104', value: '30/09/2025', status: 'Em aberto' },
      ],
    },
  },
  {
    id: 'automacao-financeira',
    order: 3,
    label: 'Automação Financeira',
    title: 'Cobrança, recebimento e repasse no automático',
    summary:
      'Boletos e PIX emitidos sozinhos, juros e multa calculados sem conta de cabeça e repasses feitos aos proprietários no dia certo.',
    items: [
      'Emissão automática de boletos todos os meses',
      'Juros e multa por atraso calculados automaticamente',
      'Recebimento por boleto ou PIX, com baixa automática do pagamento',
      'Repasses automáticos aos proprietários, já descontada a taxa de administração',
      'Cobrança por WhatsApp e e-mail antes e depois do vencimento',
      'Controle de inadimplência por inquilino e por imóvel',
    ],
    result: `${figures.lessDefault.value} ${figures.lessDefault.label} com lembretes e cobranças automáticos.`,
    dashboard: {
      title: 'Financeiro – julho/2025',
      metrics: [
        { label: 'Recebido', value: 'R$ 48.350,00' },
        { label: 'A receber', value: 'R$ 6.200,00' },
        { label: 'Inadimplência', value: '2,4%' },
      ],
      rows: [
        { label: 'Maria Oliveira – Apto 302', value: 'R$ 2.800,00', status: 'Pago' },
        { label: 'João Santos – Casa 12', value: 'R$ 3.450,00', status: 'Pendente' },
        { label: 'Repasse – Carlos Mendes', value: 'R$ 5.985,00', status: 'Repassado' },
        { label: 'Luciana Prado – Sala 1104', value: 'R$ 1.650,00', status: 'Em atraso' },
      ],
    },
  },
  {
    id: 'business-intelligence',
    order: 4,
    label: 'Business Intelligence',
    title: 'Números claros para decidir melhor',
    summary:
      'Relatórios financeiros e indicadores da carteira atualizados a cada pagamento, prontos para você e para os seus proprietários.',
    items: [
      'Relatórios financeiros por imóvel, por proprietário e por período',
      'Painel de receitas, despesas e repasses sempre atualizado',
      'Indicadores de inadimplência, ocupação e vacância',
      'Extratos mensais para proprietários, prontos para enviar',
      'Comparativo mês a mês do desempenho da carteira',
      'Fluxo de caixa da carteira (serviço adicional)',
    ],
    result: `${figures.timeReduction.value} ${figures.timeReduction.label}, com relatórios que se montam sozinhos.`,
    dashboard: {
      title: 'Visão geral da carteira',
      metrics: [
        { label: 'Receita do mês', value: 'R$ 52.400,00' },
        { label: 'Ocupação', value: '94%' },
        { label: 'Vacância média', value: '18 dias' },
      ],
      rows: [
        { label: 'Receita de aluguéis', value: 'R$ 52.400,00', status: '+8% sobre junho' },
        { label: 'Taxa de administração', value: 'R$ 5.240,00', status: 'Apurado' },
        { label: 'Repasses aos proprietários', value: 'R$ 47.160,00', status: 'Concluído' },
        { label: 'Valores em atraso', value: 'R$ 1.650,00', status: 'Em cobrança' },
      ],
    },
  },
  {
    id: 'envio-por-whatsapp',
    order: 5,
    label: 'Envio por WhatsApp',
    title: 'Cobranças e avisos onde o inquilino realmente lê',
    summary:
      'Boletos, PIX, lembretes e avisos de atraso chegam pelo WhatsApp e pelo e-mail do inquilino, sem você digitar uma mensagem.',
    items: [
      'Envio automático de boleto e PIX copia e cola pelo WhatsApp',
      'Lembretes antes do vencimento e avisos de atraso',
      'Cobrança também por e-mail, para quem preferir',
      'Confirmação de pagamento enviada automaticamente',
      'Mensagens com o nome do inquilino e os dados do contrato',
      'Histórico de envios por inquilino',
    ],
    result: 'Menos ligações de cobrança e mais inquilinos pagando em dia.',
    dashboard: {
      title: 'Envios do mês',
      metrics: [
        { label: 'Mensagens enviadas', value: '312' },
        { label: 'Taxa de leitura', value: '97%' },
        { label: 'Pagos após o lembrete', value: '84%' },
      ],
      rows: [
        { label: 'Boleto de agosto – Ana Souza', value: '05/08/2025', status: 'Lido' },
        { label: 'Lembrete de vencimento – Bruno Lima', value: '08/08/2025', status: 'Entregue' },
        { label: 'Aviso de atraso – Luciana Prado', value: '12/08/2025', status: 'Enviado' },
      ],
    },
  },
  {
    id: 'integracao-com-portais',
    order: 6,
    label: 'Integração com Portais',
    title: 'Anuncie imóveis vagos sem retrabalho',
    summary:
      'Publique seus imóveis disponíveis nos portais imobiliários a partir do cadastro que você já tem e reduza o tempo de vacância.',
    items: [
      'Publicação dos imóveis disponíveis nos portais imobiliários',
      'Anúncio montado a partir do cadastro, com fotos e descrição',
      'Preço e disponibilidade atualizados em um só lugar',
      'Contatos de interessados reunidos no painel',
      'Consulta de crédito do interessado antes de fechar a locação',
    ],
    result: 'Imóvel vago por menos tempo, anunciado em minutos.',
    dashboard: {
      title: 'Anúncios',
      metrics: [
        { label: 'Imóveis anunciados', value: '7' },
        { label: 'Contatos recebidos', value: '46' },
        { label: 'Visitas agendadas', value: '9' },
      ],
      rows: [
        { label: 'Apto 2 quartos – Moema', value: 'R$ 3.200,00', status: 'Publicado' },
        { label: 'Casa 3 quartos – Butantã', value: 'R$ 4.500,00', status: 'Publicado' },
        { label: 'Studio – Bela Vista', value: 'R$ 1.900,00', status: 'Alugado' },
      ],
    },
  },
  {
    id: 'portal-do-inquilino',
    order: 7,
    label: 'Portal do Inquilino',
    title: 'Autoatendimento para o inquilino, menos chamados para você',
    summary:
      'O inquilino acessa boletos, pagamentos e documentos quando precisa, sem depender de você ou da sua equipe.',
    items: [
      '2ª via de boleto a qualquer hora, sem precisar pedir',
      'Pagamento por boleto ou PIX direto no portal',
      'Histórico de pagamentos e comprovantes',
      'Contrato assinado e documentos da locação sempre à mão',
      'Próximos vencimentos e reajustes informados com antecedência',
      'Acesso individual e seguro para cada inquilino',
    ],
    result: 'O inquilino resolve sozinho, e você deixa de ser a central de 2ª via.',
    dashboard: {
      title: 'Portal do Inquilino – Ana Souza',
      metrics: [
        { label: 'Próximo vencimento', value: '10/08/2025' },
        { label: 'Valor do aluguel', value: 'R$ 2.800,00' },
      ],
      rows: [
        { label: 'Aluguel de julho', value: 'R$ 2.800,00', status: 'Pago' },
        { label: 'Aluguel de agosto', value: 'R$ 2.800,00', status: 'Em aberto' },
        { label: '2ª via de boleto', value: '05/08/2025', status: 'Disponível' },
      ],
    },
  },
];
