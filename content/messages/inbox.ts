/**
 * Texts of the sales inbox (issue 14): pipeline labels and the messages for bad filter
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
