/**
 * Copy of the sales team's work surface: the admin menu on a phone, a lead's age in the
 * list, the one-tap contact bar of a lead's page and the greeting its WhatsApp button
 * pre-fills. The greeting is the sales team's to edit: `{nome}` is the person's first
 * name, `{vendedor}` the signed-in salesperson's first name, `{empresa}` our brand.
 */
export const adminMenuCopy = {
  /** The button's name, open or closed: aria-expanded tells which. */
  open: 'Menu',
} as const;

export const leadAgeCopy = {
  /** The list's column: "Recebido" over "há 3 h". */
  column: 'Recebido',
  /** Under a minute. */
  now: 'agora',
  minutes: (n: number) => `há ${n} min`,
  hours: (n: number) => `há ${n} h`,
  days: (n: number) => `há ${n} ${n === 1 ? 'dia' : 'dias'}`,
} as const;

export const leadContactCopy = {
  /** Pre-filled WhatsApp message; the placeholders are filled by src/lib/lead-contact.ts. */
  greeting:
    'Olá, {nome}! Aqui é {vendedor}, da {empresa}. Recebi seu contato pelo site e estou à disposição para ajudar. Podemos conversar agora?',
  /** Used for `{vendedor}` when the account has no name. */
  vendedorFallback: 'a equipe',
  empresa: 'Pilota',
  /** Subject of the e-mail the E-mail button opens. */
  emailSubject: (nome: string) => `Seu contato com a Pilota${nome ? ` — ${nome}` : ''}`,
  bar: 'Ações do contato',
  whatsapp: 'WhatsApp',
  whatsappLabel: (nome: string) => `WhatsApp: conversar com ${nome} (abre em nova aba)`,
  ligar: 'Ligar',
  ligarLabel: (nome: string, phone: string) => `Ligar para ${nome}, ${phone}`,
  email: 'E-mail',
  emailLabel: (email: string) => `E-mail para ${email}`,
  statusGroup: 'Mudar status',
  proximo: 'Próximo lead',
  /** When the current view has no lead after this one. */
  semProximo: 'Último lead desta visão',
  moreDetails: 'Origem e consentimento',
} as const;

export const discardDialogCopy = {
  title: (nome: string) => `Descartar ${nome}`,
  motivo: 'Motivo do descarte',
  outro: 'Outro',
  outroTexto: 'Qual motivo? (até 200 caracteres)',
  confirmar: 'Descartar',
  cancelar: 'Cancelar',
  /** The lead page's form below the history, where a discard without JavaScript is made. */
  formTitle: 'Descartar contato',
  /** The lead page's sticky bar. */
  abrir: 'Descartar',
  /** Tells before the change that choosing a status saves it at once (WCAG 3.2.2). */
  savesOnChange: 'Salva ao escolher.',
} as const;

/** /admin/usuarios: the admins' list of discard reasons. */
export const discardReasonsCopy = {
  title: 'Motivos de descarte',
  intro:
    'A lista que a equipe de vendas vê ao descartar um contato. “Outro”, com espaço para escrever, aparece sempre no fim. Mudar um motivo não altera os descartes já feitos.',
  label: 'Motivos, um por linha (até 12, cada um com até 80 caracteres)',
  submit: 'Salvar motivos',
  done: (count: number) => (count === 1 ? '1 motivo de descarte salvo.' : `${count} motivos de descarte salvos.`),
} as const;
