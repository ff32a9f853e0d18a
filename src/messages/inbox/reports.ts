/** Texts of the sales reports (/admin/relatorios) and their period. */

/** The reports page (/admin/relatorios, src/pages/admin/relatorios.astro). */
export const reportsCopy = {
  title: 'Relatórios',
  navLabel: 'Relatórios',
  intro: 'Contatos recebidos no período, de onde vieram e quantos viraram clientes.',
  form: {
    legend: 'Período',
    de: 'De',
    ate: 'Até',
    por: 'Agrupar por',
    dia: 'Dia',
    semana: 'Semana',
    submit: 'Atualizar',
    hint: 'Dias no horário de São Paulo. Padrão: últimos 30 dias.',
  },
  period: (de: string, ate: string) => `De ${de} a ${ate}`,
  empty: 'Nenhum contato no período.',
  summary: {
    leads: 'Contatos',
    conversions: 'Convertidos',
    rate: 'Taxa de conversão',
    firstContact: 'Tempo mediano até o primeiro contato',
    firstContactNone: 'Nenhum contato atendido',
    firstContactOf: (contacted: string, leads: string) => `${contacted} de ${leads} contatos já atendidos`,
    firstContactNote:
      'Do recebimento até a primeira mudança de status (saída de “novo”), contando só o horário comercial (segunda a sexta, 9h às 18h, sem feriados), o mesmo da promessa de resposta em até 2 horas.',
    withinPromise: 'Respondidos em até 2 h úteis',
    withinPromiseOf: (within: string, leads: string) => `${within} de ${leads} contatos (os ainda sem resposta contam como fora do prazo)`,
  },
  perBucket: {
    dia: 'Contatos por dia',
    semana: 'Contatos por semana (segunda a domingo)',
  },
  chartSummary: (total: string, buckets: number, unit: string, peak: string, peakLabel: string) =>
    `${total} contatos em ${buckets} ${unit}; maior valor: ${peak} em ${peakLabel}.`,
  units: { dia: 'dias', semana: 'semanas' },
  columns: {
    period: 'Período',
    leads: 'Contatos',
    conversions: 'Convertidos',
    rate: 'Taxa de conversão',
    position: 'Posição',
    partner: 'Parceiro',
  },
  dimensions: {
    origem: 'Conversão por origem (utm_source)',
    campanha: 'Conversão por campanha (utm_campaign)',
    parceiro: 'Conversão por parceiro',
    tipo: 'Conversão por tipo de contato',
    cta: 'Conversão por botão (CTA)',
  },
  dimensionHeader: {
    origem: 'Origem',
    campanha: 'Campanha',
    parceiro: 'Parceiro',
    tipo: 'Tipo',
    cta: 'Botão',
  },
  /** Shown for the values folded together: an unknown partner or button, or past the day's 50 UTM values. */
  folded: 'Outros (fora da lista ou além do limite do dia)',
  /** Shown for an empty value: no UTM, no partner, no button recorded. */
  none: {
    origem: '(direto / sem UTM)',
    campanha: '(sem campanha)',
    parceiro: '(sem parceiro)',
    tipo: '(sem tipo)',
    cta: '(sem botão)',
  },
  barSummary: (title: string, best: string, rate: string, shown: number, total: number) =>
    `${title}: maior taxa ${rate} em ${best}; ${shown} de ${total} valores no gráfico.`,
  barNone: (title: string) => `${title}: sem dados.`,
  barLabel: (rate: string, conversions: string, leads: string) => `${rate} (${conversions} de ${leads})`,
  shownOf: (shown: number, total: number) =>
    `O gráfico mostra os ${shown} valores com mais contatos, de ${total}; a tabela traz todos.`,
  leaderboard: 'Ranking de parceiros',
  leaderboardNote: 'Ordenado por conversões, depois pela taxa e pelo número de contatos.',
  leaderboardEmpty: 'Nenhum contato de parceiro no período.',
  rateNone: '—',
  discards: {
    title: 'Motivos de descarte',
    note: 'Descartes feitos no período, por motivo. Os motivos escritos em “Outro” contam juntos numa linha.',
    empty: 'Nenhum descarte no período.',
    reason: 'Motivo',
    count: 'Descartes',
    share: 'Parte do total',
    rest: 'Demais motivos (textos antigos, além dos 15 mais frequentes)',
  },
} as const;

/** Bad values in the reports' URL: the page falls back to the default period and says why. */
export const reportPeriodMessages = {
  data: 'Data inválida. Use o formato dd/mm/aaaa. Mostrando os últimos 30 dias.',
  periodo: 'A data inicial deve ser anterior ou igual à data final. Mostrando os últimos 30 dias.',
  longo: 'O período pode ter no máximo 2 anos (731 dias). Mostrando os últimos 30 dias.',
  por: 'Agrupamento desconhecido: use dia ou semana. Agrupando por dia.',
} as const;
