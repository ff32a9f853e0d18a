/** Labels the sales screens share: statuses, kinds, sort orders and the pager. */

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
  prioridade: 'Sem resposta primeiro (novos e atrasados)',
  recentes: 'Mais recentes primeiro',
  antigos: 'Mais antigos primeiro',
  nome: 'Nome (A–Z)',
  nome_desc: 'Nome (Z–A)',
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

/** The links under a paged admin list (src/components/admin/Pager.astro). */
export const pagerCopy = {
  previous: 'Anterior',
  next: 'Próxima',
  page: (page: number) => `Página ${page}`,
} as const;
