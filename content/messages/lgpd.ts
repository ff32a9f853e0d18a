/**
 * Every text of the data-subject requests (LGPD art. 18/19): the "Exercer
 * meus direitos" form on /lgpd, its answers, the confirmation page, the e-mails, and the
 * admin pages. The form, the action, the services, the pages and the tests import these.
 */
import { DSR_ANSWER_DAYS } from '~/lib/dsr-deadline';

/** Request types (art. 18, and art. 20's review, as /lgpd lists them), in the order the form shows them. */
export const dsrTipoLabels = {
  confirmacao_acesso: 'Confirmação e acesso aos meus dados',
  correcao: 'Correção de dados',
  anonimizacao_eliminacao: 'Anonimização, bloqueio ou eliminação',
  portabilidade: 'Portabilidade dos dados',
  compartilhamento: 'Informação sobre compartilhamento',
  revogacao_consentimento: 'Revogação do consentimento',
  oposicao: 'Oposição a um tratamento',
  revisao_decisao_automatizada: 'Revisão de decisão automatizada',
} as const;

export const dsrForm = {
  /** Heading and accessible name of the form (the wording). */
  title: 'Exercer meus direitos',
  intro: `Escolha o direito que deseja exercer e informe seus dados. Enviaremos um link de confirmação para o seu e-mail: a solicitação só é registrada depois que você o abrir. Respondemos em até ${DSR_ANSWER_DAYS} (quinze) dias.`,
  labels: {
    tipo: 'Direito que deseja exercer',
    tipoPlaceholder: 'Selecione uma opção',
    nome: 'Nome completo',
    email: 'E-mail',
    cpf: 'CPF (opcional)',
    cpfHint: 'Ajuda a encontrar seus dados na solicitação de implementação.',
    detalhes: 'Detalhes (opcional)',
    detalhesPlaceholder: 'Conte o que você precisa: por exemplo, qual dado corrigir.',
  },
  placeholders: {
    nome: 'Seu nome',
    email: 'voce@exemplo.com.br',
    cpf: '000.000.000-00',
  },
  submit: { idle: 'Enviar solicitação', busy: 'Enviando...' },
} as const;

export const dsrValidationMessages = {
  tipo: 'Selecione o direito que deseja exercer',
  nome: 'Nome deve ter pelo menos 2 caracteres',
  email: 'E-mail inválido',
  cpf: 'CPF inválido',
  tooLong: 'Texto muito longo',
} as const;

/** What the person reads after sending the form (with or without JavaScript). */
export const dsrAnswers = {
  filed: {
    title: 'Confirme pelo seu e-mail',
    text: 'Enviamos um link de confirmação para o e-mail informado. Abra-o em até 48 horas para registrar a solicitação. Se não encontrar a mensagem, confira a caixa de spam.',
  },
  failure: 'Não foi possível enviar a solicitação. Tente novamente em alguns minutos.',
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  invalid: 'Corrija os campos destacados e envie novamente.',
  back: 'Voltar para a página LGPD',
} as const;

/** /lgpd/confirmar: the page the e-mailed link opens. */
export const dsrConfirmPage = {
  seoTitle: 'Confirmar solicitação LGPD | Pilota',
  seoDescription: 'Confirme a sua solicitação de direitos de titular de dados.',
  pending: {
    title: 'Confirme a sua solicitação',
    text: 'Para concluir, confirme que foi você quem pediu:',
    button: 'Confirmar solicitação',
  },
  confirmed: {
    title: 'Solicitação confirmada',
    text: (due: string) =>
      `Recebemos a sua solicitação e vamos respondê-la pelo e-mail informado até ${due}, no prazo de ${DSR_ANSWER_DAYS} (quinze) dias da LGPD.`,
  },
  invalid: {
    title: 'Link inválido',
    text: 'Este link de confirmação não é válido. Confira se você copiou o endereço inteiro do e-mail ou faça uma nova solicitação.',
  },
  expired: {
    title: 'Link expirado',
    text: 'Este link de confirmação expirou (ele vale por 48 horas). Faça uma nova solicitação na página LGPD.',
  },
  used: {
    title: 'Solicitação já confirmada',
    text: 'Este link já foi usado e a sua solicitação está registrada. Responderemos pelo e-mail informado.',
  },
  newRequest: 'Fazer uma nova solicitação',
} as const;

/** The e-mail to the person, with the confirmation link. */
export const dsrConfirmationEmail = {
  subject: 'Confirme sua solicitação de direitos (LGPD) — Pilota',
  /** No name: nothing typed on the form is mailed to an address that has not confirmed it is the sender's. */
  greeting: 'Olá!',
  body: (tipo: string) =>
    `Recebemos uma solicitação para exercer o seguinte direito previsto na LGPD: ${tipo}. Para confirmar que foi você, abra o link abaixo em até 48 horas:`,
  button: 'Confirmar solicitação',
  ignore: 'Se você não fez esta solicitação, ignore este e-mail: nada será feito.',
  /** What replaces the link in the stored copy once it was used (only a hash of the token is kept). */
  linkRemoved: 'O link de confirmação desta mensagem já foi usado e foi removido desta cópia.',
} as const;

/** The team's notice once a request is confirmed. */
export const dsrTeamEmail = {
  subject: (tipo: string, due: string) => `Solicitação LGPD confirmada: ${tipo} — responder até ${due}`,
  intro: `Um titular confirmou uma solicitação pela página LGPD. A LGPD (art. 19) dá ${DSR_ANSWER_DAYS} dias para a resposta completa.`,
  labels: {
    tipo: 'Direito',
    nome: 'Nome',
    email: 'E-mail',
    cpf: 'CPF',
    detalhes: 'Detalhes',
    criadaEm: 'Recebida em',
    prazo: 'Prazo de resposta',
    link: 'Atender na área administrativa',
  },
  empty: 'Não informado',
} as const;

/** The admin pages of /admin/lgpd. */
export const lgpdAdminCopy = {
  navLabel: 'LGPD',
  title: 'LGPD — solicitações de titulares',
  requests: 'Solicitações confirmadas',
  requestsIntro: `Cada solicitação deve ser respondida em até ${DSR_ANSWER_DAYS} dias do recebimento (LGPD, art. 19). As vencidas aparecem primeiro.`,
  noRequests: 'Nenhuma solicitação confirmada.',
  pendingConfirmation: (count: number) =>
    count === 1
      ? '1 solicitação aguarda a confirmação do titular.'
      : `${count} solicitações aguardam a confirmação do titular.`,
  columns: {
    receivedAt: 'Recebida em',
    tipo: 'Direito',
    nome: 'Nome',
    email: 'E-mail',
    due: 'Prazo',
    status: 'Situação',
    actions: 'Ações',
  },
  status: { open: 'Em aberto', overdue: 'Vencida', done: 'Atendida', anonymized: 'Dados eliminados' },
  complete: 'Marcar como atendida',
  findPerson: 'Ver dados do titular',
  search: {
    title: 'Encontrar os dados de um titular',
    label: 'E-mail, celular ou CPF',
    button: 'Buscar',
    invalid: 'Informe um e-mail, um celular com DDD ou um CPF válido.',
  },
  subject: {
    title: 'Dados do titular',
    by: { email: 'e-mail', phone: 'celular', cpf: 'CPF' },
    nothing: 'Nenhum dado pessoal encontrado para este identificador.',
    sections: {
      leads: 'Contatos (leads)',
      notes: 'Notas da equipe e motivos de descarte',
      implementations: 'Solicitações de implementação',
      documents: 'Documentos',
      consents: 'Registros de consentimento',
      deliveries: 'E-mails e webhooks',
      requests: 'Solicitações LGPD',
      securityEvents: 'Eventos de segurança',
      audit: 'Registro de atendimento (anônimo)',
    },
    export: 'Exportar JSON',
    exportHint: 'Arquivo legível por máquina com todos os dados acima (acesso e portabilidade, art. 18, II e V).',
    anonymize: 'Anonimizar',
    anonymizeHint:
      'Substitui nome, e-mail, celular, CPF e textos livres por valores vazios, apaga os documentos e o conteúdo das mensagens; mantém datas e contagens.',
    delete: 'Excluir',
    deleteHint:
      'Apaga os contatos, as solicitações de implementação, os documentos, os consentimentos e as mensagens do titular.',
    confirmLabel: 'Confirmo que esta ação atende a uma solicitação do titular e não pode ser desfeita.',
    confirmRequired: 'Marque a confirmação para continuar.',
    done: {
      anonymize: 'Dados anonimizados. O registro de atendimento guarda apenas um resumo do e-mail.',
      delete: 'Dados excluídos. O registro de atendimento guarda apenas um resumo do e-mail.',
      complete: 'Solicitação marcada como atendida.',
    },
    failure: 'Não foi possível concluir a ação. Tente novamente.',
  },
  /** A data-subject request's view: only what the request proved, and what merely looks related. */
  scope: {
    request:
      'Atendimento de uma solicitação: aparecem apenas os registros com o e-mail que o titular confirmou. Registros que só têm o mesmo celular, CPF ou outro dado ficam abaixo, em possíveis correspondências, e não entram na exportação nem na exclusão.',
    search:
      'Busca livre: mostra também os registros ligados pelo celular, CPF ou e-mail encontrados no caminho. Para atender uma solicitação de titular, abra-a pela lista (Ver dados do titular), que mostra só o que o titular comprovou.',
    included: (count: number) =>
      count === 1
        ? '1 possível correspondência incluída por você nesta solicitação.'
        : `${count} possíveis correspondências incluídas por você nesta solicitação.`,
  },
  possibleMatches: {
    title: 'Possíveis correspondências — verifique antes de incluir',
    intro:
      'Estes registros compartilham celular, CPF ou e-mail com os do titular, mas não têm o e-mail confirmado na solicitação. Qualquer pessoa pode digitar o celular ou o CPF de outra: inclua um registro só depois de confirmar com o titular que ele é dele. Cada inclusão fica registrada com o seu nome na exportação e na exclusão.',
    columns: ['Data', 'Registro', 'Nome', 'E-mail', 'Celular', 'CPF', 'Ação'],
    types: { lead: 'Contato', implementacao: 'Solicitação de implementação', lgpd: 'Solicitação LGPD' },
    include: 'Incluir',
    /** The button's accessible name: which record it includes. */
    includeLabel: (type: string, date: string) => `Incluir ${type.toLowerCase()} de ${date}`,
  },
  audit: {
    export: 'Exportação',
    anonymize: 'Anonimização',
    delete: 'Exclusão',
    complete: 'Atendimento',
  },
  notInformed: 'Não informado',
  anonymized: '(anonimizado)',
} as const;
