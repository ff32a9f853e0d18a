// The e-mails of the accounts: address confirmation, new password, a sign-up with an address
// that has an account, and the team invitation. The screens' texts are in ./auth.ts.

/**
 * The e-mail that confirms a new account's address. It goes to whatever address was typed,
 * so it carries nothing the person signing up wrote — not even their name.
 */
export const verificationEmail = {
  subject: 'Confirme seu e-mail na Pilota',
  greeting: 'Olá!',
  body: 'Para ativar sua conta na área administrativa da Pilota, confirme seu e-mail e defina sua senha pelo link abaixo (pode ser a mesma do cadastro). O link vale por 1 hora.',
  action: 'Confirmar e definir senha',
  ignore: 'Se você não criou esta conta, ignore esta mensagem.',
} as const;

/** Not in the spec: the link to set a new password, for an account whose e-mail is confirmed. */
export const passwordResetEmail = {
  subject: 'Definir nova senha na Pilota',
  greeting: 'Olá!',
  body: 'Recebemos um pedido para definir uma nova senha da sua conta na área administrativa da Pilota. Use o link abaixo: ele vale por 1 hora e uma única vez.',
  action: 'Definir nova senha',
  ignore: 'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
} as const;

/**
 * Not in the spec: what the owner of an address receives when someone signs up with it
 * again. The sign-up itself answers exactly as for a new address (nobody learns the account
 * exists) and changes nothing; this message is how the owner hears of it.
 */
export const existingAccountEmail = {
  subject: 'Tentativa de cadastro com seu e-mail na Pilota',
  greeting: 'Olá!',
  body: 'Alguém tentou criar uma conta na área administrativa da Pilota com este e-mail, que já tem uma conta. Nada foi alterado na sua conta.',
  hint: 'Se foi você, é só entrar com seu e-mail e senha.',
  action: 'Entrar',
  ignore: 'Se não foi você, pode ignorar esta mensagem.',
} as const;

/** Not in the spec: the invitation to the team an admin sends from /admin/usuarios. */
export const invitationEmail = {
  subject: 'Convite para a área administrativa da Pilota',
  greeting: 'Olá!',
  body: (role: string) =>
    `Você foi convidado(a) para a equipe da Pilota com o papel ${role}. Use o link abaixo para escolher seu nome e sua senha.`,
  roles: { admin: 'Administrador', vendas: 'Vendas', editor: 'Editor' },
  action: 'Aceitar convite',
  validity: 'O link vale por 72 horas e uma única vez.',
  ignore: 'Se você não esperava este convite, ignore esta mensagem: nenhuma conta é criada sem você.',
} as const;
