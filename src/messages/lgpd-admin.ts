/**
 * The admin pages' words for the data-subject requests (/admin/lgpd): what the team reads,
 * so it stays typed beside the code. What the public reads is content/messages/lgpd.yaml
 * (src/copy/messages/lgpd.ts).
 */
import { DSR_ANSWER_DAYS } from '~/lib/dsr-deadline';

/** What a record is about: a lead, an implementation request, a data-subject request. */
const recordTypes = {
  lead: 'Contato',
  implementacao: 'Solicitação de implementação',
  lgpd: 'Solicitação LGPD',
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
    /** Each section's table columns (/admin/lgpd/titular, src/components/lgpd/subject/). */
    columns: {
      leads: ['Data', 'Nome', 'E-mail', 'Celular', 'Tipo', 'Empresa', 'Origem'],
      notes: ['Data', 'Tipo', 'Texto', 'Autor'],
      implementations: ['Data', 'Documento', 'Nome', 'E-mail', 'Celular', 'CPF', 'E-mail de acesso'],
      documents: ['Data', 'Arquivo', 'Tipo', 'Tamanho', 'Ações'],
      consents: ['Data', 'Formulário', 'Versão do aviso', 'SHA-256 do texto', 'Página'],
      deliveries: ['Data', 'Tipo', 'Destino', 'Sobre', 'Situação'],
      requests: ['Recebida em', 'Direito', 'Nome', 'E-mail', 'Prazo', 'Situação'],
      securityEvents: ['Data', 'Evento', 'Origem'],
      audit: ['Data', 'Ação', 'Por', 'Registros'],
    },
    /** What the team wrote about the person: a note, or the reason given for a discard. */
    noteKinds: { note: 'Nota', discard: 'Descarte' },
    recordTypes,
    documentKinds: { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG' },
    /** A record count in the audit trail: its section's name (and the possible matches included). */
    auditCounts: {
      possibleMatchesIncluded: 'Possíveis correspondências incluídas',
      rdstation: 'RD Station',
      hubspot: 'HubSpot',
      pipedrive: 'Pipedrive',
    },
    download: 'Baixar',
    size: (kb: number) => `${kb} KB`,
    unconfirmed: '—',
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
    /** After an erasure: what reached each CRM configured (src/server/connectors/erasure.ts). */
    crm: {
      title: 'Nas ferramentas de vendas e marketing',
      tools: { pipedrive: 'Pipedrive', hubspot: 'HubSpot', rdstation: 'RD Station' },
      deleted: (records: number) => `apagado (${records} registro${records === 1 ? '' : 's'}).`,
      none: 'nada encontrado para apagar.',
      failed: 'não foi possível apagar agora. Apague à mão pelo e-mail do titular.',
      manual: {
        rdstation:
          'também apagar em RD Station: a chave de conversões não apaga contatos. Em RD Station Marketing, procure o contato pelo e-mail do titular e exclua-o.',
        hubspot:
          'também apagar em HubSpot: sem HUBSPOT_PRIVATE_APP_TOKEN o site não apaga contatos lá. Procure o contato pelo e-mail do titular e exclua-o.',
        pipedrive: 'também apagar em Pipedrive: procure a pessoa pelo e-mail do titular e exclua-a.',
      },
      links: {
        rdstation: 'https://app.rdstation.com.br/',
        hubspot: 'https://app.hubspot.com/',
        pipedrive: 'https://app.pipedrive.com/',
      },
      open: 'Abrir',
      /** The steps left to the admin's hands, kept until each is marked done. */
      stepsTitle: 'Exclusões à mão nas ferramentas',
      stepsHint:
        'Depois de apagar o titular em cada ferramenta abaixo, marque como feito: fica registrado quando e por quem.',
      pending: (since: string) => `pendente desde ${since}`,
      doneAt: (at: string, by: string) => `feito em ${at} por ${by}`,
      markDone: 'Marcar como feito',
      markDoneLabel: (tool: string) => `Marcar como feita a exclusão em ${tool}`,
      marked: (tool: string) => `Registrado: exclusão feita à mão em ${tool}.`,
      stepUnknown: 'Esta exclusão não está pendente para este atendimento. Recarregue a página.',
    },
  },
  /**
   * What the page covers: only the records with the identifier searched (for a request, the
   * e-mail the titular confirmed); the rest are possible matches, for the admin to check.
   */
  scope: {
    request:
      'Atendimento de uma solicitação: aparecem apenas os registros com o e-mail que o titular confirmou. Registros que só têm o mesmo celular, CPF ou outro dado ficam abaixo, em possíveis correspondências, e não entram na exportação nem na exclusão.',
    search: (by: string) =>
      `Busca livre: aparecem apenas os registros com o ${by} buscado. Registros que só têm o mesmo celular, CPF ou outro dado ficam abaixo, em possíveis correspondências, e não entram na exportação nem na exclusão. Para atender uma solicitação de titular, abra-a pela lista (Ver dados do titular).`,
    included: (count: number, forRequest: boolean) => {
      const where = forRequest ? 'nesta solicitação' : 'nesta busca';
      return count === 1
        ? `1 possível correspondência incluída por você ${where}.`
        : `${count} possíveis correspondências incluídas por você ${where}.`;
    },
  },
  possibleMatches: {
    title: 'Possíveis correspondências — verifique antes de incluir',
    intro:
      'Estes registros compartilham celular, CPF ou e-mail com os do titular, mas não têm o identificador buscado (numa solicitação, o e-mail que o titular confirmou). Qualquer pessoa pode digitar o celular ou o CPF de outra: inclua um registro só depois de confirmar com o titular que ele é dele. Cada inclusão fica registrada com o seu nome na exportação e na exclusão.',
    columns: ['Data', 'Registro', 'Nome', 'E-mail', 'Celular', 'CPF', 'Ação'],
    types: recordTypes,
    include: 'Incluir',
    /** The button's accessible name: which record it includes. */
    includeLabel: (type: string, date: string) => `Incluir ${type.toLowerCase()} de ${date}`,
  },
  audit: {
    export: 'Exportação',
    anonymize: 'Anonimização',
    delete: 'Exclusão',
    complete: 'Atendimento',
    crm_manual: 'Exclusão à mão pendente nas ferramentas',
    crm_done: 'Exclusão à mão feita',
  },
  notInformed: 'Não informado',
  anonymized: '(anonimizado)',
} as const;
