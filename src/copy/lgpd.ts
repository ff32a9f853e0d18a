/**
 * LGPD facts the site publishes: the encarregado (LGPD art. 41 — identity and contact
 * "divulgados publicamente, de forma clara e objetiva, preferencialmente no sítio
 * eletrônico do controlador"), shown on /lgpd, the privacy policy and the footer, and the
 * answer deadline of art. 19. Who the encarregado is comes from content/settings/company.yaml.
 */
import { encarregadoOf } from '~/lib/site-facts';
import { company } from './company';

export const encarregado = encarregadoOf(company);

/** Art. 19, II: a full answer within 15 days of the request (the legal pages promise it too). A legal deadline, not copy. */
export const DSR_ANSWER_DAYS = 15;
