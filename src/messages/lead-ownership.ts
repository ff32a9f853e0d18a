/**
 * Copy of lead ownership: the lead page's "Responsável" control, the list's "Meus leads"
 * view and filter by salesperson, the timeline's assignment entries, the round-robin switch
 * on /admin/usuarios, the per-salesperson report and the e-mail the assignee gets.
 */
export const ownershipCopy = {
  /** The lead page's control. */
  field: 'Responsável',
  nobody: 'Ninguém',
  assign: 'Atribuir',
  /** The option that means "me", in the page's select. */
  me: (name: string) => `${name} (eu)`,
  done: (name: string | null) => (name ? `Lead atribuído a ${name}.` : 'Lead sem responsável.'),
  /** The list's views and filter. */
  meus: 'Meus leads',
  todos: 'Todos os leads',
  /** The two views' navigation. */
  views: 'Visões da lista',
  filterLabel: 'Responsável',
  filterAll: 'Qualquer um',
  filterNone: 'Sem responsável',
  /** The list's column. */
  column: 'Responsável',
  /** Timeline entries. */
  timeline: {
    assigned: (to: string) => `Atribuído a ${to}`,
    unassigned: 'Responsável removido',
    from: (name: string) => `antes: ${name}`,
    roundRobin: 'distribuição automática',
  },
} as const;

export const ownershipMessages = {
  falha: 'Não foi possível mudar o responsável agora. Tente de novo em instantes.',
  contatoInexistente: 'Este contato não existe mais.',
  /** The chosen person is not an active salesperson (vendas or admin). */
  naoVendedor: 'Escolha uma pessoa ativa da equipe de vendas.',
  /** Someone changed it first. */
  desatualizado: (name: string | null) =>
    name
      ? `Outra pessoa mudou o responsável antes: agora é ${name}. Confira e tente de novo.`
      : 'Outra pessoa removeu o responsável antes. Confira e tente de novo.',
  responsavel: 'Responsável inválido.',
  roundRobinFalha: 'Não foi possível salvar a distribuição agora. Tente de novo em instantes.',
} as const;

export const roundRobinCopy = {
  title: 'Distribuição de leads',
  intro:
    'Com a distribuição automática ligada, cada lead novo vai para uma pessoa ativa com o papel Vendas, em rodízio (administradores não entram). Quem recebe é avisado por e-mail.',
  on: 'Ligada',
  off: 'Desligada',
  turnOn: 'Ligar distribuição automática',
  turnOff: 'Desligar distribuição automática',
  status: (on: boolean) => `Distribuição automática: ${on ? 'ligada' : 'desligada'}.`,
  done: (on: boolean) => (on ? 'Distribuição automática ligada.' : 'Distribuição automática desligada.'),
} as const;

export const salespersonReportCopy = {
  title: 'Por responsável',
  caption: 'Leads do período por responsável',
  columns: {
    person: 'Responsável',
    leads: 'Leads atribuídos',
    firstContact: 'Tempo até o 1º contato (mediana, horas úteis)',
    withinPromise: 'Respondidos em até 2 h úteis',
    conversions: 'Convertidos',
    rate: 'Conversão',
  },
  nobody: 'Sem responsável',
  /** An id no account has anymore. */
  gone: 'Conta removida',
} as const;

/**
 * The e-mail to the person a lead was assigned to. It carries the lead's name and type —
 * what the team's new-lead e-mail already carries — and the link to the lead's page, where
 * the rest is behind sign-in.
 */
export const assignmentEmail = {
  subject: (nome: string) => `Lead atribuído a você: ${nome}`,
  greeting: (name: string) => `Olá, ${name}!`,
  body: (nome: string, tipo: string) => `O lead ${nome} (${tipo}) agora é seu.`,
  action: 'Abrir o lead',
  note: 'Você recebe este e-mail porque faz parte da equipe de vendas da Pilota.',
} as const;
