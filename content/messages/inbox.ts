/**
 * Texts of the sales inbox: pipeline labels and the messages for bad filter
 * values in a shared or hand-edited URL. The filters' schema (src/lib/validation/lead-filters.ts),
 * the services and the admin pages import these.
 */

/** Lead statuses as the team reads them. */
export const leadStatusLabels = {
  novo: 'Novo',
  em_contato: 'Em contato',
  qualificado: 'Qualificado',
  convertido: 'Convertido',
  descartado: 'Descartado',
} as const;

/** Implementation request statuses. */
export const implementationStatusLabels = {
  recebida: 'Recebida',
  em_implantacao: 'Em implantação',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
} as const;

/** Orders of the leads list. */
export const leadSortLabels = {
  recentes: 'Mais recentes primeiro',
  antigos: 'Mais antigos primeiro',
  nome: 'Nome (A–Z)',
  nome_desc: 'Nome (Z–A)',
} as const;

export const leadFilterMessages = {
  status: 'Status desconhecido. Use: novo, em contato, qualificado, convertido ou descartado.',
  tipo: 'Tipo desconhecido. Use: proprietário, corretor, administrador ou imobiliária.',
  text: 'Valor muito longo para este filtro.',
  parceiro: 'Parceiro inválido.',
  data: 'Data inválida. Use o formato dd/mm/aaaa.',
  periodo: 'A data inicial deve ser anterior ou igual à data final.',
  busca: 'Busca muito longa (máximo de 200 caracteres).',
  ordem: 'Ordenação desconhecida.',
  pagina: 'Página inválida.',
  atrasados: 'Valor inválido para “somente atrasados”.',
  responsavel: 'Responsável desconhecido.',
} as const;

/** Status change and notes (src/actions/leads.ts). */
export const pipelineMessages = {
  motivoObrigatorio: 'Informe o motivo do descarte.',
  motivoLongo: 'Motivo muito longo (máximo de 500 caracteres).',
  notaVazia: 'Escreva a nota antes de salvar.',
  notaLonga: 'Nota muito longa (máximo de 5.000 caracteres).',
  mesmoStatus: 'O contato já está neste status.',
  contatoInexistente: 'Contato não encontrado. Ele pode ter sido excluído.',
  desatualizado: (current: string) =>
    `Outra pessoa alterou este contato antes de você: o status agora é “${current}”. Confira e tente de novo.`,
  falha: 'Não foi possível salvar a alteração. Tente novamente.',
} as const;

/** Deliveries page and "Reenviar" (src/pages/admin/entregas.astro, src/actions/entregas.ts). */
export const deliveryCopy = {
  title: 'Entregas',
  navLabel: 'Entregas',
  intro:
    'E-mails para a equipe e chamadas de webhook de cada contato. As pendentes ainda serão tentadas automaticamente; as que falharam esgotaram as tentativas e só saem de novo se você reenviar.',
  countsTitle: 'Entregas em aberto por situação',
  countsKind: 'Tipo',
  countsTotal: 'Total',
  tableTitle: 'Entregas pendentes e com falha',
  empty: 'Nenhuma entrega pendente ou com falha. Tudo foi entregue.',
  /** "mostrando N de M" under the table when it is capped. */
  showing: (shown: string, total: string) => `Mostrando ${shown} de ${total} entregas pendentes ou com falha.`,
  pagination: 'Páginas de entregas',
  filterLabel: 'Situação',
  filterAll: 'Pendentes e com falha',
  filterSubmit: 'Filtrar',
  badQuery: 'Filtro ou página inválida; mostrando todas as entregas pendentes e com falha.',
  columns: {
    lead: 'Contato',
    kind: 'Tipo',
    target: 'Destino',
    status: 'Situação',
    attempts: 'Tentativas',
    lastAttempt: 'Última tentativa',
    lastError: 'Último erro',
    actions: 'Ações',
  },
  /** A lead whose name was erased (LGPD) or never given. */
  unnamedLead: 'Contato sem nome',
  emailTarget: 'E-mail para a equipe',
  invalidTarget: 'Endereço inválido',
  never: 'Ainda não tentada',
  noError: '—',
  retry: 'Reenviar',
  retryLabel: (kind: string, lead: string) => `Reenviar ${kind} de ${lead}`,
  retryAll: 'Reenviar todas as falhas',
  retryAllHint: (count: string) =>
    `${count} com falha. Cada uma volta para a fila e é enviada com o mesmo identificador.`,
} as const;

export const deliveryStatusLabels = {
  pending: 'Pendente',
  retrying: 'Nova tentativa agendada',
  sent: 'Enviada',
  logged: 'Registrada (sem envio)',
  failed: 'Falhou',
} as const;

export const deliveryKindLabels = {
  email: 'E-mail',
  webhook: 'Webhook',
  rdstation: 'RD Station',
  hubspot: 'HubSpot',
  pipedrive: 'Pipedrive',
} as const;

/**
 * A connector's permanent refusal, as its last error on the deliveries page: the service
 * rejected the data itself, so retrying the same data cannot work (the table cell shows 120
 * characters).
 */
export const connectorErrorMessages = {
  rejected: (service: string, detail: string) => `${service} recusou os dados: ${detail} — sem novas tentativas`,
  fieldNotInForm: (field: string) => `o campo “${field}” não está no formulário (ajuste HUBSPOT_FIELDS)`,
  invalidEmail: 'e-mail inválido',
  requiredField: (field: string) => `o formulário exige o campo “${field}”`,
  otherReason: (status: number) => `resposta ${status}`,
} as const;

/** Answers of entregas.reenviar / entregas.reenviarFalhas. */
export const deliveryRetryMessages = {
  reenviada: 'Entrega reenviada.',
  reenviadas: (count: number, formatted: string) =>
    count === 0
      ? 'Nenhuma entrega com falha para reenviar.'
      : count === 1
        ? '1 entrega reenviada.'
        : `${formatted} entregas reenviadas.`,
  naoEncontrada: 'Entrega não encontrada.',
  idInvalido: 'Entrega inválida.',
  naoFalhou: (current: string) =>
    `Esta entrega não está com falha (situação: “${current}”), então não há o que reenviar.`,
  conteudoApagado:
    'O conteúdo desta entrega já foi apagado pela política de retenção de dados; ela não pode ser reenviada.',
  falha: 'Não foi possível reenviar agora. Tente novamente.',
} as const;

/** The leads list page, /admin/leads (src/pages/admin/leads/index.astro). */
export const leadsListCopy = {
  navLabel: 'Leads',
  title: 'Leads',
  intro:
    'Filtre, busque e trabalhe os contatos recebidos. Os filtros ficam no endereço da página: salve ou compartilhe a visão.',
  filters: {
    legend: 'Filtros',
    busca: 'Buscar (nome, e-mail, telefone ou empresa)',
    status: 'Status',
    tipo: 'Tipo',
    utmSource: 'utm_source',
    utmMedium: 'utm_medium',
    utmCampaign: 'utm_campaign',
    parceiro: 'Parceiro (slug)',
    cta: 'Botão (CTA)',
    origem: 'Página de origem',
    de: 'Recebidos de',
    ate: 'Recebidos até',
    atrasados: 'Somente atrasados (novos fora do prazo de 2 horas úteis)',
    ordem: 'Ordenar por',
    mais: 'Mais filtros: origem, UTM, parceiro e período',
    aplicar: 'Filtrar',
    limpar: 'Limpar filtros',
    ignorado: 'Filtro ignorado:',
  },
  exportar: 'Exportar CSV',
  exportarDica: 'Baixa todos os contatos desta visão (todas as páginas) para abrir no Excel.',
  /** A second export by the same person while the first still runs (429). */
  exportarEmAndamento:
    'Sua exportação anterior ainda está em andamento. Aguarde ela terminar e tente de novo em alguns segundos.',
  /** Every export slot of the server is taken (429). */
  exportarOcupado: 'Há muitas exportações em andamento agora. Tente de novo em alguns segundos.',
  total: (count: number) => `${count.toLocaleString('pt-BR')} ${count === 1 ? 'contato' : 'contatos'}`,
  caption: (page: number, pageCount: number) => `Contatos, página ${page} de ${pageCount}`,
  columns: {
    date: 'Recebido em',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Celular',
    tipo: 'Tipo',
    empresa: 'Empresa',
    origin: 'Origem',
    status: 'Status',
    change: 'Alterar status',
  },
  origin: {
    pagina: 'Página',
    cta: 'CTA',
    utm: 'UTM',
    parceiro: 'Parceiro',
  },
  notInformed: '—',
  /** Starts with the visible text (the number), so a voice command naming it finds the link. */
  whatsapp: (nome: string, celular: string) => `${celular}: conversar com ${nome} no WhatsApp (abre em nova aba)`,
  atrasado: 'Atrasado',
  prazo: (due: string) => `prazo era ${due}`,
  change: {
    novoStatus: (nome: string) => `Novo status de ${nome}`,
    escolha: 'Escolha…',
    motivo: 'Motivo do descarte (obrigatório para descartar)',
    enviar: 'Alterar',
    feito: (status: string, nome?: string) =>
      nome ? `Status de ${nome} alterado para “${status}”.` : `Status alterado para “${status}”.`,
  },
  empty: 'Nenhum contato encontrado com estes filtros.',
  emptyAll: 'Nenhum contato recebido ainda.',
  pastLastPage: (last: number) => `Esta página não existe nesta visão: ela vai até a página ${last}.`,
  firstPage: 'Ir para a primeira página',
  pagination: 'Paginação dos contatos',
} as const;

/** The links under a paged admin list (src/components/admin/Pager.astro). */
export const pagerCopy = {
  previous: 'Anterior',
  next: 'Próxima',
  page: (page: number) => `Página ${page}`,
} as const;

/** Implementation requests in the inbox: list, detail, status change, documents. */
export const implementationInboxMessages = {
  navLabel: 'Implantações',
  listTitle: 'Solicitações de implantação',
  detailTitle: 'Solicitação de implantação',
  notFoundTitle: 'Solicitação não encontrada',
  notFound: 'Solicitação de implantação não encontrada. Ela pode ter sido excluída ou o endereço está incorreto.',
  backToList: 'Voltar para a lista',
  filters: {
    legend: 'Filtrar solicitações',
    status: 'Status',
    tipo: 'Tipo de pessoa',
    tipoTodos: 'Todos',
    de: 'Recebidas de',
    ate: 'até',
    busca: 'Buscar',
    buscaAjuda: 'Nome, e-mail, telefone, CPF/CNPJ ou razão social',
    aplicar: 'Filtrar',
    limpar: 'Limpar filtros',
  },
  filterErrors: {
    status: 'Status desconhecido. Use: recebida, em implantação, concluída ou cancelada.',
    tipo: 'Tipo de pessoa desconhecido. Use: CPF (pessoa física) ou CNPJ (pessoa jurídica).',
    data: 'Data inválida. Use o formato dd/mm/aaaa.',
    periodo: 'A data inicial deve ser anterior ou igual à data final.',
    busca: 'Busca muito longa (máximo de 200 caracteres).',
    pagina: 'Página inválida.',
  },
  tipoLabels: { cpf: 'CPF (pessoa física)', cnpj: 'CNPJ (pessoa jurídica)' },
  columns: {
    date: 'Recebida em',
    tipo: 'Tipo',
    name: 'Nome / razão social',
    document: 'CPF / CNPJ',
    email: 'E-mail',
    phone: 'Telefone',
    status: 'Status',
    open: 'Detalhes',
  },
  open: 'Abrir',
  total: (total: number) => (total === 1 ? '1 solicitação' : `${total.toLocaleString('pt-BR')} solicitações`),
  empty: 'Nenhuma solicitação encontrada com estes filtros.',
  pagination: 'Paginação das solicitações',
  sections: {
    dados: 'Dados da solicitação',
    documentos: 'Documentos',
    status: 'Status',
    historico: 'Histórico de status',
    downloads: 'Downloads de documentos',
    leads: 'Contatos da mesma pessoa',
  },
  fields: {
    id: 'Identificador',
    createdAt: 'Recebida em',
    tipo: 'Tipo de pessoa',
    emailAcesso: 'E-mail de acesso ao sistema',
    cpf: 'CPF',
    nomeCompleto: 'Nome completo',
    celular: 'Celular',
    email: 'E-mail',
    cnpj: 'CNPJ',
    razaoSocial: 'Razão social',
    responsavelCpf: 'CPF do responsável',
    responsavelNome: 'Nome do responsável',
    responsavelCelular: 'Celular do responsável',
    responsavelEmail: 'E-mail do responsável',
    status: 'Status atual',
    statusChangedAt: 'Status alterado em',
  },
  documents: {
    cnh: 'CNH',
    responsavelCnh: 'CNH do responsável',
    columns: {
      which: 'Documento',
      name: 'Arquivo',
      kind: 'Tipo',
      size: 'Tamanho',
      sent: 'Enviado em',
      download: 'Download',
    },
    download: 'Baixar',
    downloadLabel: (name: string) => `Baixar ${name}`,
    adminOnly: 'Somente administradores podem baixar documentos.',
    none: 'Nenhum documento anexado.',
    removed: 'Arquivo removido',
  },
  history: {
    columns: { when: 'Quando', who: 'Quem', from: 'De', to: 'Para' },
    empty: 'O status ainda não foi alterado.',
  },
  downloadHistory: {
    columns: { when: 'Quando', who: 'Quem', file: 'Documento' },
    empty: 'Nenhum documento foi baixado ainda.',
  },
  leads: {
    columns: { date: 'Recebido em', name: 'Nome', email: 'E-mail', phone: 'Telefone', status: 'Status' },
    empty: 'Nenhum contato com o mesmo e-mail ou telefone.',
    open: (name: string) => `Abrir contato de ${name}`,
  },
  statusForm: {
    label: 'Novo status',
    submit: 'Alterar status',
    success: (status: string) => `Status alterado para “${status}”.`,
  },
  notInformed: 'Não informado',
  // Status change (src/actions/implantacoes.ts).
  solicitacaoInvalida: 'Solicitação inválida.',
  mesmoStatus: 'A solicitação já está neste status.',
  solicitacaoInexistente: 'Solicitação não encontrada. Ela pode ter sido excluída.',
  desatualizado: (current: string) =>
    `Outra pessoa alterou esta solicitação antes de você: o status agora é “${current}”. Confira e tente de novo.`,
  falha: 'Não foi possível salvar a alteração. Tente novamente.',
  // Document download (src/pages/admin/documentos/[id].ts).
  downloadRefused: 'Acesso negado.',
  downloadNotFound: 'Documento não encontrado.',
  downloadNotRecorded: 'Não foi possível registrar o download, por isso ele não foi liberado. Tente novamente.',
} as const;

/** User management, admins only (/admin/usuarios, src/actions/usuarios.ts). */
export const teamMembersCopy = {
  navLabel: 'Usuários',
  title: 'Usuários',
  intro:
    'Contas do site e o papel de cada uma. Tirar ou trocar o papel de alguém encerra as sessões dessa pessoa; ' +
    '“Encerrar sessões” obriga a entrar de novo.',
  tableTitle: 'Contas',
  roleLabels: {
    admin: 'Administrador',
    vendas: 'Vendas',
    editor: 'Editor',
    user: 'Sem acesso',
  },
  columns: {
    name: 'Nome',
    email: 'E-mail',
    role: 'Papel',
    verified: 'E-mail confirmado',
    createdAt: 'Criada em',
    sessions: 'Sessões ativas',
    actions: 'Ações',
  },
  verified: 'Sim',
  notVerified: 'Não',
  you: '(você)',
  roleSelect: (name: string) => `Papel de ${name}`,
  saveRole: 'Alterar papel',
  saveRoleLabel: (name: string) => `Alterar papel de ${name}`,
  revoke: 'Encerrar sessões',
  revokeLabel: (name: string) => `Encerrar sessões de ${name}`,
  empty: 'Nenhuma conta ainda.',
  roleChanged: (name: string, role: string) => `Papel de ${name} alterado para ${role}.`,
  roleUnchanged: (name: string, role: string) => `${name} já tinha o papel ${role}.`,
  sessionsEnded: (count: number) => (count === 1 ? '1 sessão encerrada.' : `${count} sessões encerradas.`),
  revoked: (count: number) =>
    count === 0
      ? 'Nenhuma sessão ativa para encerrar.'
      : count === 1
        ? '1 sessão encerrada.'
        : `${count} sessões encerradas.`,
  errors: {
    unknownRole: 'Papel desconhecido. Use: admin, vendas, editor ou user.',
    userId: 'Conta inválida.',
    notFound: 'Conta não encontrada. Ela pode ter sido excluída.',
    selfDemotion:
      'Você não pode tirar o seu próprio papel de administrador. Peça a outra pessoa administradora para fazer isso.',
    selfRevoke: 'Você não pode encerrar as suas próprias sessões por aqui. Use “Sair”.',
    lastAdmin: 'Esta é a única conta de administrador: dê o papel de administrador a outra pessoa antes de tirar este.',
    failure: 'Não foi possível salvar a alteração. Tente novamente.',
  },
  /** Inviting people to the team (src/server/auth/invitations.ts). */
  invitations: {
    formTitle: 'Convidar pessoa',
    formIntro:
      'A pessoa recebe por e-mail um link, válido por 72 horas e uma única vez, para escolher o nome e a senha; ao salvar, já entra com o papel escolhido.',
    email: 'E-mail',
    role: 'Papel',
    submit: 'Enviar convite',
    tableTitle: 'Convites',
    empty: 'Nenhum convite ainda.',
    columns: {
      email: 'E-mail',
      role: 'Papel',
      status: 'Situação',
      sentAt: 'Enviado em',
      expiresAt: 'Vale até',
      actions: 'Ações',
    },
    statusLabels: { pendente: 'Pendente', aceito: 'Aceito', expirado: 'Expirado', revogado: 'Revogado' },
    resend: 'Reenviar',
    resendLabel: (email: string) => `Reenviar convite para ${email}`,
    revoke: 'Revogar',
    revokeLabel: (email: string) => `Revogar convite para ${email}`,
    invited: (email: string) => `Convite enviado para ${email}.`,
    resent: (email: string) => `Novo convite enviado para ${email}; o link anterior deixou de valer.`,
    revoked: (email: string) => `Convite para ${email} revogado; o link deixou de valer.`,
    errors: {
      email: 'Informe um e-mail válido.',
      role: 'Escolha um papel: Administrador, Vendas ou Editor.',
      invitation: 'Convite inválido.',
      accountExists:
        'Já existe uma conta com este e-mail: nenhum convite foi enviado. Para dar acesso, altere o papel dessa conta na tabela “Contas”.',
      alreadyInvited: 'Já há um convite pendente para este e-mail. Use “Reenviar” na tabela “Convites”.',
      notFound: 'Convite não encontrado.',
      closed: 'Este convite já foi aceito ou revogado.',
      failure: 'Não foi possível concluir o convite. Tente novamente.',
    },
  },
} as const;

/** The sales team's home on /blog/admin: what waits, each count opening its filtered list. */
export const inboxHomeCopy = {
  title: 'Caixa de entrada',
  novos: 'Novos',
  atrasados: 'Atrasados',
  atrasadosHint: 'Novos além do prazo de resposta de 2 horas úteis',
  emContato: 'Em contato',
  entregasFalhas: 'Entregas com falha',
  implantacoesRecebidas: 'Implantações recebidas',
  notAvailable: 'Indisponível',
} as const;

/** A lead's page (src/pages/admin/leads/[id].astro). */
export const leadDetailCopy = {
  title: 'Contato',
  backToList: 'Voltar para os contatos',
  notFound: {
    title: 'Contato não encontrado',
    text: 'Este contato não existe ou foi excluído. Confira o endereço ou volte para a lista de contatos.',
  },
  overdue: 'Atrasado',
  overdueHint: (due: string) => `Sem resposta desde ${due} (prazo de 2 horas em horário comercial).`,
  dueHint: (due: string) => `Responder até ${due}.`,
  notInformed: 'Não informado',
  sections: {
    contact: 'Dados do contato',
    origin: 'Origem',
    consent: 'Consentimento',
    timeline: 'Histórico',
    deliveries: 'Entregas',
    duplicates: 'Contatos com o mesmo e-mail ou telefone',
    implementation: 'Solicitação de implantação',
  },
  fields: {
    nome: 'Nome',
    email: 'E-mail',
    celular: 'Celular (WhatsApp)',
    tipo: 'Tipo',
    empresa: 'Empresa',
    mensagem: 'Mensagem',
    createdAt: 'Recebido em',
    status: 'Status',
    statusChangedAt: 'Status alterado em',
    firstContactAt: 'Primeiro contato em',
    paginaOrigem: 'Página de origem',
    utmSource: 'utm_source',
    utmMedium: 'utm_medium',
    utmCampaign: 'utm_campaign',
    cta: 'Botão (CTA)',
    parceiro: 'Parceiro',
    consentVersion: 'Versão do aviso',
    consentHash: 'SHA-256 do texto do aviso',
    consentAt: 'Consentiu em',
    consentPage: 'Página do formulário',
  },
  whatsapp: (phone: string) => `Abrir conversa no WhatsApp com ${phone}`,
  noConsentRecord:
    'Sem registro de consentimento detalhado para este contato (anterior ao registro). A versão do aviso aceita está acima.',
  timeline: {
    empty: 'Nenhuma alteração de status ou nota ainda.',
    status: (from: string, to: string) => `Status: ${from} → ${to}`,
    reason: 'Motivo',
    note: 'Nota',
  },
  changeStatus: {
    title: 'Alterar status',
    para: 'Novo status',
    motivo: 'Motivo (obrigatório para descartar)',
    submit: 'Alterar status',
    done: (status: string) => `Status alterado para “${status}”.`,
  },
  addNote: {
    title: 'Adicionar nota',
    texto: 'Nota',
    submit: 'Salvar nota',
    done: 'Nota salva.',
  },
  deliveries: {
    empty: 'Nenhuma entrega registrada para este contato.',
    never: '—',
    retryLabel: (kind: string) => `Reenviar ${kind} deste contato`,
  },
  duplicates: {
    empty: 'Nenhum outro contato com o mesmo e-mail ou telefone.',
    sameEmail: 'Mesmo e-mail',
    samePhone: 'Mesmo telefone',
    hint: 'Os contatos são mostrados lado a lado, nunca unidos automaticamente.',
    columns: ['Recebido em', 'Nome', 'E-mail', 'Celular', 'Status'],
  },
  implementation: {
    empty: 'Nenhuma solicitação de implantação com este e-mail ou telefone.',
    columns: ['Recebida em', 'Nome', 'Documento', 'Status', 'Detalhes'],
    open: 'Abrir solicitação',
  },
} as const;

/** The reports page (/admin/relatorios, src/pages/admin/relatorios.astro). */
export const reportsCopy = {
  title: 'Relatórios',
  navLabel: 'Relatórios',
  intro: 'Contatos recebidos no período, de onde vieram e quantos viraram clientes.',
  form: {
    legend: 'Período',
    de: 'De',
    ate: 'Até',
    por: 'Agrupar por',
    dia: 'Dia',
    semana: 'Semana',
    submit: 'Atualizar',
    hint: 'Dias no horário de São Paulo. Padrão: últimos 30 dias.',
  },
  period: (de: string, ate: string) => `De ${de} a ${ate}`,
  empty: 'Nenhum contato no período.',
  summary: {
    leads: 'Contatos',
    conversions: 'Convertidos',
    rate: 'Taxa de conversão',
    firstContact: 'Tempo mediano até o primeiro contato',
    firstContactNone: 'Nenhum contato atendido',
    firstContactOf: (contacted: string, leads: string) => `${contacted} de ${leads} contatos já atendidos`,
    firstContactNote:
      'Do recebimento até a primeira mudança de status (saída de “novo”), em horas corridas, não em horário comercial.',
  },
  perBucket: {
    dia: 'Contatos por dia',
    semana: 'Contatos por semana (segunda a domingo)',
  },
  chartSummary: (total: string, buckets: number, unit: string, peak: string, peakLabel: string) =>
    `${total} contatos em ${buckets} ${unit}; maior valor: ${peak} em ${peakLabel}.`,
  units: { dia: 'dias', semana: 'semanas' },
  columns: {
    period: 'Período',
    leads: 'Contatos',
    conversions: 'Convertidos',
    rate: 'Taxa de conversão',
    position: 'Posição',
    partner: 'Parceiro',
  },
  dimensions: {
    origem: 'Conversão por origem (utm_source)',
    campanha: 'Conversão por campanha (utm_campaign)',
    parceiro: 'Conversão por parceiro',
    tipo: 'Conversão por tipo de contato',
    cta: 'Conversão por botão (CTA)',
  },
  dimensionHeader: {
    origem: 'Origem',
    campanha: 'Campanha',
    parceiro: 'Parceiro',
    tipo: 'Tipo',
    cta: 'Botão',
  },
  /** Shown for an empty value: no UTM, no partner, no button recorded. */
  none: {
    origem: '(direto / sem UTM)',
    campanha: '(sem campanha)',
    parceiro: '(sem parceiro)',
    tipo: '(sem tipo)',
    cta: '(sem botão)',
  },
  barSummary: (title: string, best: string, rate: string, shown: number, total: number) =>
    `${title}: maior taxa ${rate} em ${best}; ${shown} de ${total} valores no gráfico.`,
  barNone: (title: string) => `${title}: sem dados.`,
  barLabel: (rate: string, conversions: string, leads: string) => `${rate} (${conversions} de ${leads})`,
  shownOf: (shown: number, total: number) =>
    `O gráfico mostra os ${shown} valores com mais contatos, de ${total}; a tabela traz todos.`,
  leaderboard: 'Ranking de parceiros',
  leaderboardNote: 'Ordenado por conversões, depois pela taxa e pelo número de contatos.',
  leaderboardEmpty: 'Nenhum contato de parceiro no período.',
  rateNone: '—',
} as const;

/** Bad values in the reports' URL: the page falls back to the default period and says why. */
export const reportPeriodMessages = {
  data: 'Data inválida. Use o formato dd/mm/aaaa. Mostrando os últimos 30 dias.',
  periodo: 'A data inicial deve ser anterior ou igual à data final. Mostrando os últimos 30 dias.',
  longo: 'O período pode ter no máximo 2 anos (731 dias). Mostrando os últimos 30 dias.',
  por: 'Agrupamento desconhecido: use dia ou semana. Agrupando por dia.',
} as const;
