/*
 * The kinds of data-subject request, without the schema that checks a request (./dsr.ts):
 * what the copy's schema (src/lib/content-schemas) names the labels by, read at build by
 * plain Node, so nothing is imported here.
 */

/** Request types of art. 18 (and art. 20's review), in form order; the database column takes this type. */
export const DSR_TIPOS = [
  'confirmacao_acesso',
  'correcao',
  'anonimizacao_eliminacao',
  'portabilidade',
  'compartilhamento',
  'revogacao_consentimento',
  'oposicao',
  'revisao_decisao_automatizada',
] as const;
export type DsrTipo = (typeof DSR_TIPOS)[number];
