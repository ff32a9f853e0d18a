// Copy of the sign-in / sign-up card, the password-strength meter, the server's auth errors,
// the admin area and its 403 page (SPEC §2 'Auth', §5, §8 'Authentication'). Quoted spec texts are verbatim.

/** Labels of the password-strength meter by score (SPEC §5): index = score 0..5. */
export const strengthLabels = ['Muito fraca', 'Muito fraca', 'Fraca', 'Média', 'Forte', 'Muito forte'] as const;

/** One feedback line per unmet criterion of SPEC §5, plus the common-word penalty. */
export const strengthFeedback = {
  minLength: 'Use pelo menos 8 caracteres',
  uppercase: 'Adicione uma letra maiúscula',
  lowercase: 'Adicione uma letra minúscula',
  digit: 'Adicione um número',
  special: 'Adicione um caractere especial (ex.: ! @ # $ %)',
  common: 'Evite senhas comuns',
} as const;

export const authCard = {
  pageTitle: 'Entrar na área administrativa',
  pageDescription: 'Acesso à administração do blog e do site da Pilota.',
  heading: 'Área administrativa',
  intro: 'Entre com sua conta ou crie uma nova.',
  loading: 'Carregando...',
  tabSignIn: 'Entrar',
  tabSignUp: 'Cadastrar',
  email: 'E-mail',
  password: 'Senha',
  fullName: 'Nome completo',
  signIn: 'Entrar',
  signingIn: 'Entrando...',
  signUp: 'Criar conta',
  signingUp: 'Criando conta...',
  strength: 'Força da senha',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  noScript: 'Ative o JavaScript no navegador para entrar ou criar uma conta.',
  forgotPassword: 'Esqueci minha senha',
} as const;

/**
 * Not in the spec: asking for a link to set a new password (/auth/esqueci-senha). The answer
 * is the same whether the address has an account or not.
 */
export const passwordResetRequestPage = {
  pageTitle: 'Esqueci minha senha',
  pageDescription: 'Peça um link para definir uma nova senha da área administrativa da Pilota.',
  heading: 'Esqueci minha senha',
  intro: 'Informe o e-mail da sua conta. Enviaremos um link para você definir uma nova senha.',
  submit: 'Enviar link',
  submitting: 'Enviando...',
  sentTitle: 'Verifique seu e-mail',
  sent: 'Se houver uma conta com este e-mail, enviamos um link para definir uma nova senha. O link vale por 1 hora.',
  back: 'Voltar para o login',
  noScript: 'Ative o JavaScript no navegador para pedir uma nova senha.',
} as const;

/**
 * Not in the spec: the page the e-mailed link opens (/auth/nova-senha). Both a reset and a new
 * account's confirmation land here: whoever opens the link from the mailbox chooses the password.
 */
export const newPasswordPage = {
  pageTitle: 'Definir senha',
  pageDescription: 'Defina a senha da sua conta na área administrativa da Pilota.',
  heading: 'Definir senha',
  intro:
    'Escolha a senha da sua conta (pode ser a mesma do cadastro). Ao salvar, seu e-mail fica confirmado e todas as sessões abertas da conta são encerradas.',
  password: 'Nova senha',
  submit: 'Salvar senha',
  submitting: 'Salvando...',
  invalidHeading: 'Link inválido ou expirado',
  invalidText: 'Este link já foi usado ou expirou. Peça um novo link para definir sua senha.',
  requestAgain: 'Pedir um novo link',
  back: 'Voltar para o login',
  noScript: 'Ative o JavaScript no navegador para definir sua senha.',
} as const;

/** Toasts of the auth card (SPEC §8 'Authentication'). */
export const authToasts = {
  signInSuccess: 'Login realizado com sucesso!',
  errorTitle: 'Erro',
  signInError: 'Erro ao fazer login',
  signUpSuccessTitle: 'Sucesso',
  signUpSuccess: 'Conta criada com sucesso! Verifique seu email.',
  signUpError: 'Erro ao criar conta',
  invalidInputTitle: 'Entrada inválida',
  invalidInput: 'Caracteres potencialmente perigosos foram detectados e removidos.',
  sessionExpiredTitle: 'Sessão expirada',
  sessionExpired: 'Sua sessão expirou por segurança. Faça login novamente.',
  emailVerifiedTitle: 'E-mail confirmado',
  emailVerified: 'Agora é só entrar com seu e-mail e senha.',
  verifyLinkInvalidTitle: 'Link inválido',
  verifyLinkInvalid: 'O link de confirmação é inválido ou expirou. Tente entrar para receber um novo link.',
  /** Not in the spec: the password chosen on /auth/nova-senha was saved. */
  passwordSetTitle: 'Senha definida',
  passwordSet: 'Agora é só entrar com seu e-mail e a nova senha.',
  resetRequestError: 'Erro ao pedir o link',
  newPasswordError: 'Erro ao definir a senha',
  /**
   * Not in the spec: no usable answer came back (no connection, a timeout, a proxy's error
   * page). The card keeps what was typed, so the text only asks for another try.
   */
  unavailableTitle: 'Erro de conexão',
  unavailable: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
} as const;

/** Longest account name accepted: the same cap as a lead's name (src/lib/validation/lead.ts). */
export const NAME_MAX_LENGTH = 120;

/**
 * Messages the server answers with. Better Auth's own English messages are replaced by these
 * (src/server/auth), so the card can show the server's message as the spec asks.
 */
export const authErrors = {
  weakPasswordTitle: 'Senha inválida',
  weakPassword: 'Por favor, atenda aos requisitos de segurança da senha.',
  lockedTitle: 'Conta temporariamente bloqueada',
  locked: 'Muitas tentativas de login falharam. Tente novamente em alguns minutos.',
  invalidCredentials: 'E-mail ou senha incorretos.',
  emailNotVerified: 'Confirme seu e-mail antes de entrar: enviamos um link de verificação para a sua caixa de entrada.',
  userExists: 'Já existe uma conta com este e-mail.',
  invalidEmail: 'E-mail inválido',
  nameRequired: 'Informe seu nome completo.',
  nameTooLong: `O nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres.`,
  /** Not in the spec: a name on more than one line (the control characters have their own message). */
  nameOneLine: 'O nome deve ficar em uma única linha.',
  tooManyRequests: 'Muitas tentativas em pouco tempo. Aguarde um instante e tente novamente.',
  invalidInput: 'Caracteres potencialmente perigosos foram detectados e removidos.',
  invalidOrigin: 'Origem da requisição não permitida.',
  generic: 'Não foi possível concluir a operação. Tente novamente.',
  /** Not in the spec: a link to set the password that was used already or expired. */
  invalidResetLink: 'O link para definir a senha é inválido ou expirou. Peça um novo link.',
  /** Not in the spec: an auth endpoint the site does not use (Better Auth has many). */
  notFound: 'Endereço não encontrado.',
} as const;

export const forbiddenPage = {
  title: 'Acesso negado',
  description: 'Esta área é restrita a administradores.',
  heading: 'Acesso negado',
  text: 'Sua conta não tem permissão para acessar esta página. Se você precisa de acesso, peça a um administrador.',
  /** Back to the signed-in member's own part of the admin area (a salesperson's leads, an editor's posts). */
  back: 'Voltar para a sua área',
  /** An account with no team role has no area: back to the site. */
  home: 'Voltar ao site',
  signOut: 'Sair e entrar com outra conta',
} as const;

/**
 * What the admin area's refusals say to requests that are not page navigations — a fetch, or a
 * document link opened from the team's e-mail (a browser shows an error page of its own for an
 * empty 401).
 */
export const adminRefusals = {
  401: 'Entre com uma conta de administrador para acessar este conteúdo.',
  403: 'Sua conta não tem permissão para acessar este conteúdo.',
  503: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
} as const;

export const adminCopy = {
  area: 'Administração',
  dashboardTitle: 'Painel',
  signOut: 'Sair',
  signingOut: 'Saindo...',
  /** Not in the spec: sign-out got no usable answer, so the session may still be open. */
  signOutFailed: 'Não foi possível sair: o servidor não respondeu. Verifique a conexão e tente novamente.',
  signedInAs: 'Conectado como',
  leads: 'Contatos',
  leadsLatest: 'Últimos 20 contatos',
  implementations: 'Solicitações de implementação',
  implementationsLatest: 'Últimas 20 solicitações de implementação',
  securityEvents: 'Eventos de segurança',
  securityLatest: 'Últimos eventos de segurança',
  total: 'Total',
  empty: 'Nada por aqui ainda.',
  notAvailable: 'Indisponível',
  notInformed: 'Não informado',
  download: 'Baixar',
  documents: 'Documentos',
  columns: {
    date: 'Data',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Celular',
    type: 'Tipo',
    company: 'Empresa',
    origin: 'Origem',
    document: 'Documento',
    event: 'Evento',
    severity: 'Gravidade',
    details: 'Detalhes',
  },
  /** A security event's severity (its `severity` detail). */
  severityLabels: { info: 'Informação', warning: 'Atenção', error: 'Erro', critical: 'Crítico' },
} as const;

/** Security events as the dashboard and the LGPD page name them (their code is shown beside). */
export const securityEventLabels = {
  login_success: 'Login realizado',
  login_failed: 'Falha de login',
  logout: 'Saída da conta',
  admin_login: 'Login de administrador',
  account_created: 'Conta criada',
  signup_failed: 'Falha no cadastro',
  account_locked: 'Conta bloqueada',
  input_validation_failed: 'Envio com dados inválidos',
  profile_fetch_error: 'Erro ao carregar o perfil',
  authentication_error: 'Erro de autenticação',
  rate_limited: 'Limite de tentativas atingido',
  admin_granted: 'Acesso de administrador concedido',
  access_denied: 'Acesso negado',
  lead_rejected: 'Contato recusado pelo banco de dados',
  role_changed: 'Papel alterado',
  sessions_revoked: 'Sessões encerradas',
  lgpd_match_included: 'Registro incluído em pedido LGPD',
  password_reset_requested: 'Redefinição de senha pedida',
  password_reset: 'Senha redefinida',
  invitation_created: 'Convite enviado',
  invitation_resent: 'Convite reenviado',
  invitation_revoked: 'Convite revogado',
  invitation_accepted: 'Convite aceito',
  invitation_refused: 'Convite recusado',
  invitation_revoked_role_lost: 'Convite revogado: quem convidou perdeu o papel',
  unconfirmed_account_taken_over: 'Cadastro não confirmado assumido pelo convite',
} as const;

/** Not in the spec: the page an invitation's link opens (/auth/convite); the e-mail is in ./auth-emails.ts. */
export const invitationPage = {
  pageTitle: 'Convite para a equipe',
  pageDescription: 'Aceite o convite para a área administrativa da Pilota.',
  heading: 'Aceitar convite',
  intro: (email: string, role: string) =>
    `Convite para ${email} com o papel ${role}. Escolha seu nome e sua senha: ao salvar, você já entra na área administrativa.`,
  fullName: 'Nome completo',
  password: 'Senha',
  submit: 'Criar conta e entrar',
  submitting: 'Criando conta...',
  invalid: {
    desconhecido: {
      heading: 'Link de convite inválido',
      text: 'Este link de convite não existe ou foi substituído por um mais recente. Confira o último e-mail de convite ou peça um novo a quem convidou você.',
    },
    aceito: {
      heading: 'Convite já usado',
      text: 'Este convite já foi aceito e não pode ser usado de novo. Entre com seu e-mail e senha.',
    },
    expirado: {
      heading: 'Convite expirado',
      text: 'Este convite passou do prazo de 72 horas. Peça um novo a quem convidou você.',
    },
    revogado: {
      heading: 'Convite cancelado',
      // Revoked by an admin, or because whoever invited is no longer an admin.
      text: 'Este convite foi cancelado. Se ainda deve ter acesso, peça um novo convite a um administrador.',
    },
    account_exists: {
      heading: 'Conta já existe',
      text: 'Já existe uma conta com este e-mail. Entre com seu e-mail e senha ou use “Esqueci minha senha”.',
    },
  },
  rateLimited: 'Muitas tentativas seguidas. Aguarde um minuto e tente novamente.',
  signInFailed: 'Sua conta foi criada, mas não foi possível entrar agora. Entre com seu e-mail e a senha escolhida.',
  toSignIn: 'Ir para o login',
} as const;
