/** Texts of the leads list (/admin/leads): its filters, the messages for bad filter values in a shared or hand-edited URL, and the pipeline moves. */

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

/** The leads list page, /admin/leads (src/pages/admin/leads/index.astro). */
export const leadsListCopy = {
  navLabel: 'Leads',
  title: 'Leads',
  intro:
    'Filtre, busque e trabalhe os contatos recebidos. Os filtros ficam no endereço da página: salve ou compartilhe a visão.',
  filters: {
    legend: 'Filtros',
    /** The folded form's summary, with how many filters narrow the view. */
    resumo: (count: number) => (count > 0 ? `Filtros (${count})` : 'Filtros'),
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
    /** The laptop table's merged columns: phone over e-mail, type over company. */
    contact: 'Contato',
    tipoEmpresa: 'Tipo e empresa',
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

/** Status change and notes (src/actions/leads.ts). */
/** The admins' list of discard reasons (/admin/usuarios). */
export const discardReasonsMessages = {
  vazia: 'Escreva pelo menos um motivo, um por linha.',
  muitos: 'No máximo 12 motivos.',
  longo: 'Cada motivo pode ter até 80 caracteres.',
  repetido: 'Há um motivo repetido.',
  outro: 'Não inclua “Outro”: ele sempre aparece no fim da lista, com espaço para escrever.',
  falha: 'Não foi possível salvar os motivos. Tente novamente.',
} as const;

export const pipelineMessages = {
  motivoObrigatorio: 'Escolha o motivo do descarte.',
  motivoLongo: 'Motivo muito longo (máximo de 500 caracteres).',
  /** The list changed after the page was opened (an admin edited it). */
  motivoForaDaLista: 'Este motivo saiu da lista. Escolha um dos motivos atuais.',
  outroObrigatorio: 'Escreva o motivo em poucas palavras.',
  outroLongo: 'Motivo muito longo (máximo de 200 caracteres).',
  notaVazia: 'Escreva a nota antes de salvar.',
  notaLonga: 'Nota muito longa (máximo de 5.000 caracteres).',
  mesmoStatus: 'O contato já está neste status.',
  contatoInexistente: 'Contato não encontrado. Ele pode ter sido excluído.',
  /** A change made from a stale page: who moved the lead last (you, someone named, or unknown) and where it is now. */
  desatualizado: (current: string, by?: { name: string; you: boolean } | null) =>
    by?.you
      ? `Você já tinha alterado este contato (talvez em outra aba): o status agora é “${current}”. Confira e tente de novo.`
      : `${by?.name ?? 'Outra pessoa'} alterou este contato antes de você: o status agora é “${current}”. Confira e tente de novo.`,
  falha: 'Não foi possível salvar a alteração. Tente novamente.',
} as const;
