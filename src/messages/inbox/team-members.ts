/** Texts of the team page (/admin/usuarios). */

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
    /** After a role change that took the right to invite away: that person's open invitations went with it. */
    revokedWithInviter: (count: number) =>
      count === 1
        ? '1 convite enviado por essa pessoa foi revogado.'
        : `${count} convites enviados por essa pessoa foram revogados.`,
    /** The role select's first option: no role is chosen for the admin. */
    rolePlaceholder: 'Escolha o papel',
    errors: {
      email: 'Informe um e-mail válido.',
      role: 'Escolha um papel: Administrador, Vendas ou Editor.',
      invitation: 'Convite inválido.',
      accountExists:
        'Já existe uma conta confirmada com este e-mail: nenhum convite foi enviado. Para dar acesso, altere o papel dessa conta na tabela “Contas”.',
      alreadyInvited: 'Já há um convite pendente para este e-mail. Use “Reenviar” na tabela “Convites”.',
      notFound: 'Convite não encontrado.',
      closed: 'Este convite já foi aceito ou revogado.',
      failure: 'Não foi possível concluir o convite. Tente novamente.',
    },
  },
} as const;
