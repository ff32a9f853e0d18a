/** Texts of the deliveries page (/admin/entregas), its retries and the connectors' errors. */

/** Deliveries page and "Reenviar" (src/pages/admin/entregas.astro, src/actions/entregas.ts). */
export const deliveryCopy = {
  title: 'Entregas',
  navLabel: 'Entregas',
  intro:
    'E-mails para a equipe e chamadas de webhook de cada contato. As pendentes ainda serão tentadas automaticamente; as que falharam esgotaram as tentativas e só saem de novo se você reenviar.',
  countsTitle: 'Entregas em aberto por situação',
  countsKind: 'Tipo',
  countsTotal: 'Total',
  tableTitle: 'Entregas pendentes e com falha',
  empty: 'Nenhuma entrega pendente ou com falha. Tudo foi entregue.',
  /** "mostrando N de M" under the table when it is capped. */
  showing: (shown: string, total: string) => `Mostrando ${shown} de ${total} entregas pendentes ou com falha.`,
  pagination: 'Páginas de entregas',
  filterLabel: 'Situação',
  filterAll: 'Pendentes e com falha',
  filterSubmit: 'Filtrar',
  badQuery: 'Filtro ou página inválida; mostrando todas as entregas pendentes e com falha.',
  columns: {
    lead: 'Contato',
    kind: 'Tipo',
    target: 'Destino',
    status: 'Situação',
    attempts: 'Tentativas',
    lastAttempt: 'Última tentativa',
    lastError: 'Último erro',
    actions: 'Ações',
  },
  /** A lead whose name was erased (LGPD) or never given. */
  unnamedLead: 'Contato sem nome',
  emailTarget: 'E-mail para a equipe',
  invalidTarget: 'Endereço inválido',
  never: 'Ainda não tentada',
  noError: '—',
  retry: 'Reenviar',
  retryLabel: (kind: string, lead: string) => `Reenviar ${kind} de ${lead}`,
  runNow: 'Tentar agora',
  runNowLabel: (kind: string, lead: string) => `Tentar agora ${kind} de ${lead}, sem esperar a próxima tentativa`,
  retryAll: 'Reenviar todas as falhas',
  retryAllHint: (count: string) =>
    `${count} com falha. Cada uma volta para a fila e é enviada com o mesmo identificador.`,
} as const;

/**
 * A connector's permanent refusal, as its last error on the deliveries page: the service
 * rejected the data itself, so retrying the same data cannot work (shown whole on the
 * deliveries page and the lead's page).
 */
export const connectorErrorMessages = {
  rejected: (service: string, detail: string) => `${service} recusou os dados: ${detail} — sem novas tentativas`,
  fieldNotInForm: (field: string) => `o campo “${field}” não está no formulário (ajuste HUBSPOT_FIELDS)`,
  invalidEmail: 'e-mail inválido',
  requiredField: (field: string) => `o formulário exige o campo “${field}”`,
  otherReason: (status: number) => `resposta ${status}`,
  /** A ZAP-format webhook's CRM (LEAD_WEBHOOK_ZAP_URLS), as the service in these messages. */
  zapService: 'O CRM (formato ZAP)',
  /** What the ZAP contract has a CRM refuse: the lead lacks what identifies the listing or the person. */
  zapContract: (status: number) =>
    `resposta ${status}; o contrato ZAP exige clientListingId (confira LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID), nome, e-mail e telefone`,
  /** A 401/403 (or HubSpot's 404): the account's key or form is wrong; retrying cannot help. */
  misconfigured: (service: string, status: number, variables: string) =>
    `${service} recusou a configuração (resposta ${status}): confira ${variables} no ambiente do servidor e use "Reenviar" depois de corrigir — sem novas tentativas`,
} as const;

/**
 * What a transport's raw failure means, for the sales team: said plainly, with what to do
 * (src/lib/delivery-reason.ts picks one; the raw code stays beside it, small, for a search).
 */
export const deliveryReasons = {
  refused: 'o destino recusou a conexão (está fora do ar?) — reenvie quando ele voltar',
  reset: 'o destino derrubou a conexão no meio do envio — reenvie; se repetir, avise quem cuida do destino',
  timedOut: 'o destino não respondeu a tempo — reenvie mais tarde; se repetir, avise quem cuida do destino',
  notFound: 'o endereço do destino não existe (DNS) — confira o endereço configurado',
  dnsUnavailable: 'não foi possível consultar o endereço do destino (DNS indisponível) — reenvie mais tarde',
  unreachable: 'a rede não alcança o destino (está fora do ar?) — reenvie mais tarde',
  certificate:
    'o certificado HTTPS do destino é inválido (vencido ou não confiável) — quem cuida do destino precisa corrigi-lo',
  invalidUrl: 'o endereço configurado do destino é inválido — confira a URL',
  redirected: 'o destino redirecionou para outro endereço — confira a URL configurada',
  http: {
    unauthorized: (status: number) => `HTTP ${status}: a chave ou senha foi recusada — confira a configuração`,
    notFound: 'HTTP 404: endereço não encontrado — confira a URL configurada',
    gone: 'HTTP 410: o endereço foi desativado no destino — confira a URL configurada',
    tooLarge: 'HTTP 413: o destino recusou o tamanho dos dados enviados — avise quem cuida do destino',
    tooMany:
      'HTTP 429: o destino recebeu requisições demais (limite de uso) — confira a cota da conta e reenvie depois',
    refused: (status: number) => `HTTP ${status}: o destino recusou a requisição — confira a configuração do destino`,
    serverError: (status: number) => `o destino respondeu HTTP ${status} (erro no servidor dele) — reenvie mais tarde`,
  },
  mail: {
    recipient:
      'o servidor de e-mail recusou o destinatário (o endereço existe?) — confira o endereço; os da equipe ficam em LEAD_NOTIFY_TO',
    login: 'o servidor de e-mail recusou o usuário ou a senha — confira SMTP_URL',
    mailboxFull: 'a caixa do destinatário está cheia ou a mensagem é grande demais — avise o destinatário',
    policy:
      'o servidor de e-mail bloqueou a mensagem (remetente não autorizado ou conteúdo barrado) — confira MAIL_FROM e o domínio de envio',
    rejected: 'o servidor de e-mail recusou a mensagem — confira a configuração de envio',
    unavailable: 'o servidor de e-mail está indisponível no momento — reenvie mais tarde',
    providerKey: 'o serviço de e-mail recusou a chave de acesso — confira RESEND_API_KEY',
  },
} as const;

/**
 * A 429 ("too many requests") from a connector or a webhook, as the delivery's last error:
 * the delivery waits for the receiver without spending one of its attempts, up to a daily
 * ceiling per destination (src/server/delivery/rate-limit-waits.ts).
 */
export const rateLimitMessages = {
  waiting: (seconds: number) =>
    `O destino pediu para esperar (resposta 429, limite de requisições): nova tentativa em ${seconds} s, sem gastar uma tentativa`,
  ceiling: (perDay: number) =>
    `O destino respondeu 429 (limite de requisições) mais de ${perDay} vezes hoje: esta espera contou como tentativa falha. Confira o plano ou a cota da conta no serviço`,
} as const;

/** Answers of entregas.reenviar / entregas.reenviarFalhas. */
export const deliveryRetryMessages = {
  reenviada: 'Entrega reenviada.',
  reenviadas: (count: number, formatted: string) =>
    count === 0
      ? 'Nenhuma entrega com falha para reenviar.'
      : count === 1
        ? '1 entrega reenviada.'
        : `${formatted} entregas reenviadas.`,
  naoEncontrada: 'Entrega não encontrada.',
  idInvalido: 'Entrega inválida.',
  naoFalhou: (current: string) =>
    `Esta entrega não está com falha (situação: “${current}”), então não há o que reenviar.`,
  conteudoApagado:
    'O conteúdo desta entrega já foi apagado pela política de retenção de dados; ela não pode ser reenviada.',
  falha: 'Não foi possível reenviar agora. Tente novamente.',
  /** "Tentar agora" (entregas.tentarAgora). */
  tentando: 'Nova tentativa iniciada agora.',
  semTentativaAgendada: (current: string) => `Esta entrega não tem nova tentativa agendada (situação: “${current}”).`,
  emAndamento: 'Esta entrega já está sendo tentada neste momento.',
} as const;
