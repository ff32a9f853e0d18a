/** Texts of the team's home (/blog/admin): what waits. */

/** The sales team's home on /blog/admin: what waits, each count opening its filtered list. */
export const inboxHomeCopy = {
  title: 'Caixa de entrada',
  novos: 'Novos',
  atrasados: 'Atrasados',
  atrasadosHint: 'Novos além do prazo de resposta de 2 horas úteis',
  emContato: 'Em contato',
  entregasFalhas: 'Entregas com falha',
  implantacoesRecebidas: 'Implantações recebidas',
  notAvailable: 'Indisponível',
} as const;
