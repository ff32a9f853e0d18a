/** The visit reports page (/admin/visitas, src/pages/admin/visitas/index.astro) and its CSV files. */
export const visitsCopy = {
  title: 'Visitas e funil',
  navLabel: 'Visitas e funil',
  intro:
    'Visitas do site sem cookies, contatos recebidos e a taxa de visita para contato por página, origem, campanha, parceiro e botão.',
  form: {
    pagina: 'Página',
    origem: 'Origem (utm_source)',
    campanha: 'Campanha (utm_campaign)',
    parceiro: 'Parceiro',
    filtersHint: 'Deixe em branco para ver tudo. Os filtros ficam no endereço da página.',
  },
  summary: {
    visitors: 'Visitas (visitantes únicos)',
    views: 'Páginas vistas',
    leads: 'Contatos',
    rate: 'Taxa visita → contato',
    previous: (value: string, changeText: string) => `Período anterior: ${value} (${changeText})`,
    noChange: 'sem comparação',
    /** Under the rate when leads outnumber the visits counted. */
    withoutVisit: (leads: string) =>
      `${leads} contatos vieram de visitas que o contador não registrou (bloqueador ou sem JavaScript) e ficam fora da taxa.`,
  },
  rateNote:
    'A taxa visita → contato nunca passa de 100 %: contatos além das visitas contadas vieram de visitas que o contador não registrou e ficam fora dela.',
  note: 'Visitas contam visitantes únicos por dia, sem cookie: a mesma pessoa em dois dias conta duas vezes. Robôs e pré-carregamentos não contam. Contatos são os recebidos pelo formulário, com ou sem JavaScript.',
  empty: 'Nenhuma visita nem contato no período.',
  dimensions: {
    pagina: 'Por página',
    origem: 'Por origem (utm_source)',
    midia: 'Por mídia (utm_medium)',
    campanha: 'Por campanha (utm_campaign)',
    parceiro: 'Por parceiro',
    cta: 'Por botão (CTA)',
    dispositivo: 'Por dispositivo',
  },
  dimensionHeader: {
    pagina: 'Página',
    origem: 'Origem',
    midia: 'Mídia',
    campanha: 'Campanha',
    parceiro: 'Parceiro',
    cta: 'Botão',
    dispositivo: 'Dispositivo',
  },
  none: {
    pagina: '(desconhecida)',
    origem: '(direto / sem utm)',
    midia: '(sem mídia)',
    campanha: '(sem campanha)',
    parceiro: '(sem parceiro)',
    cta: '(sem botão)',
    dispositivo: '(sem JavaScript / desconhecido)',
  },
  devices: { mobile: 'Celular', tablet: 'Tablet', desktop: 'Computador' } as Record<string, string>,
  columns: {
    visitors: 'Visitas',
    views: 'Páginas vistas',
    openers: 'Abriram o formulário',
    starters: 'Começaram a preencher',
    leads: 'Contatos',
    rate: 'Taxa visita → contato',
    position: 'Posição',
    day: 'Dia',
  },
  funnel: {
    title: 'Funil por página',
    note: 'Visitantes que viram a página → abriram o formulário → começaram a preencher → contatos enviados. A perda é a parte da etapa anterior que não seguiu.',
    steps: {
      visitors: 'Viram a página',
      openers: 'Abriram o formulário',
      starters: 'Começaram a preencher',
      leads: 'Enviaram',
    },
    dropOff: 'Perda',
    total: 'Funil do período',
    summary: (steps: string) => `Funil do período: ${steps}.`,
  },
  leaderboard: {
    title: 'Ranking de parceiros',
    note: 'Parceiros com mais contatos; empate desfeito pela taxa de visita para contato.',
    empty: 'Nenhum parceiro com visitas ou contatos no período.',
  },
  chartSummary: (title: string, top: string, visitors: string, leads: string) =>
    `${title}: o primeiro é ${top}, com ${visitors} visitas e ${leads} contatos. Os valores estão na tabela abaixo.`,
  chartNone: (title: string) => `${title}: nenhum dado no período.`,
  csv: 'Baixar CSV',
  /** Below a table cut to its first rows: the CSV has them all. */
  moreRows: (shown: number, total: number) => `Mostrando as ${shown} primeiras de ${total} linhas. O CSV tem todas.`,
  /** Values the counting keeps apart from the site's own (src/server/analytics/site-values.ts). */
  folded: 'Outros (fora da lista ou além do limite do dia)',
  otherPath: 'Outras páginas (endereços fora do site)',
  csvLabel: (table: string) => `Baixar CSV: ${table}`,
  days: 'Visitas e contatos por dia',
} as const;

/** The CSV endpoint of the visit report (/admin/visitas/exportar). */
export const visitsExportMessages = {
  unknownTable: 'Tabela desconhecida. Use o link "Baixar CSV" de uma tabela do relatório de visitas.',
} as const;
