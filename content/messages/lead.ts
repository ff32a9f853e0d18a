/**
 * Every text of the lead form and its notices: labels, validation messages (SPEC §5),
 * toasts (SPEC §8), the LGPD notice and the notification e-mail. The island, the
 * server action, the e-mail template and the tests import these; quoted spec texts are verbatim.
 */
import { consentNotices } from '~/copy/consent-notices';
import { claims, contact, terms } from '~/copy/site';

/** Labels of the lead types (SPEC §5 values), in the order the select shows them. */
export const tipoLabels = {
  proprietario: 'Proprietário',
  corretor: 'Corretor',
  administrador: 'Administrador',
  imobiliaria: 'Imobiliária',
} as const;

export const validationMessages = {
  nome: 'Nome deve ter pelo menos 2 caracteres',
  celular: 'Formato: (11) 99999-9999',
  email: 'E-mail inválido',
  tipo: 'Selecione uma opção',
  empresa: 'Empresa é obrigatória para este tipo',
  /** Not in the spec: a value too long for any real name, e-mail or message. */
  tooLong: 'Texto muito longo',
} as const;

export const fieldLabels = {
  nome: 'Nome completo',
  email: 'E-mail',
  celular: 'Celular (WhatsApp)',
  tipo: 'Você é',
  tipoPlaceholder: 'Selecione uma opção',
  empresa: 'Empresa',
  mensagem: 'Mensagem (opcional)',
  mensagemPlaceholder: 'Conte quantos imóveis você administra ou qual a sua dúvida.',
} as const;

export const placeholders = {
  nome: 'Seu nome',
  email: 'voce@exemplo.com.br',
  celular: '(11) 99999-9999',
  empresa: 'Nome da empresa',
} as const;

export const submitLabels = {
  idle: 'Solicitar contato',
  busy: 'Enviando...',
} as const;

/** SPEC §8 'Lead'. */
export const toasts = {
  success: { title: 'Mensagem enviada!', description: 'Nossa equipe entrará em contato em breve.' },
  failure: { title: 'Erro ao enviar', description: 'Tente novamente ou entre em contato por telefone.' },
  savedLater: {
    title: 'Aviso',
    description: 'Mensagem enviada com sucesso, mas houve um problema ao salvar os dados.',
  },
} as const;

/** Not in the spec: the answer to the eleventh submission in a minute from one address (HTTP 429). */
export const rateLimitMessage = 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.';

/**
 * The LGPD notice under the button: versioned with the other forms' notices in
 * content/consent-notices.json (change the version with the text; each lead stores it).
 */
export const consentNotice = consentNotices.lead;

/** Heading shown above server-side errors when the form was posted without JavaScript. */
export const serverErrorSummary = 'Corrija os campos destacados e envie novamente.';

/** The team notification e-mail (SPEC §3 template parameters). */
export const leadEmail = {
  /** to_name */
  toName: 'Equipe Pilota',
  subject: (nome: string, tipo: string) => `Novo contato pelo site: ${nome} (${tipo})`,
  empty: 'Não informado',
  heading: 'Novo contato pelo site',
  intro: (toName: string) => `Olá, ${toName}! Um novo contato foi enviado pelo site.`,
  labels: {
    from_name: 'Nome',
    from_email: 'E-mail',
    phone: 'Celular',
    user_type: 'Tipo',
    company: 'Empresa',
    mensagem: 'Mensagem',
    pagina_origem: 'Página de origem',
    utm_source: 'UTM source',
    utm_medium: 'UTM medium',
    utm_campaign: 'UTM campaign',
    current_date: 'Data',
  },
  replyHint: 'Responda a este e-mail para falar direto com o contato.',
} as const;

/**
 * The lead dialog's heading and text by what the button that opened it promised: a button
 * that says "Começar teste grátis" opens a dialog about the free trial. The form, its fields
 * and its flow are the same in every one.
 */
export const leadDialogs = {
  contato: {
    title: 'Solicitar contato',
    description: `Deixe seus dados e um especialista fala com você. ${contact.replyPromise}`,
  },
  teste: {
    title: `Comece seu teste grátis de ${terms.trialDays} dias`,
    description: `Deixe seus dados e um especialista libera seu acesso. ${claims.noCard}. ${contact.replyPromise}`,
  },
  demonstracao: {
    title: 'Agende uma demonstração',
    description: `Deixe seus dados e um especialista mostra a Pilota funcionando com casos iguais ao seu. ${contact.replyPromise}`,
  },
} as const;

export type LeadDialogKind = keyof typeof leadDialogs;

/**
 * Which dialog a button's text promises.
 * @example leadDialogOf('Começar teste grátis') // "teste"
 * @example leadDialogOf('Falar com um consultor') // "contato"
 */
export function leadDialogOf(cta: string): LeadDialogKind {
  if (/teste grátis/i.test(cta)) return 'teste';
  if (/demonstra/i.test(cta)) return 'demonstracao';
  return 'contato';
}
