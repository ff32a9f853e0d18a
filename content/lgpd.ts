/**
 * LGPD facts the site publishes: the encarregado (LGPD art. 41 — identity and contact
 * "divulgados publicamente, de forma clara e objetiva, preferencialmente no sítio
 * eletrônico do controlador"), shown on /lgpd, the privacy policy and the footer, and the
 * answer deadline of art. 19.
 *
 * The spec names no encarregado: who it is comes from ./company.ts, with the company's other facts.
 */
import { company } from './company';

export const encarregado = {
  nome: company.encarregadoNome,
  email: company.encarregadoEmail,
} as const;

/** Art. 19, II: a full answer within 15 days of the request (the legal pages promise it too). */
export const DSR_ANSWER_DAYS = 15;
