/**
 * LGPD facts the site publishes: the encarregado (LGPD art. 41 — identity and contact
 * "divulgados publicamente, de forma clara e objetiva, preferencialmente no sítio
 * eletrônico do controlador"), shown on /lgpd, the privacy policy and the footer, and the
 * answer deadline of art. 19. Who the encarregado is comes from content/settings/company.yaml.
 */
import { encarregadoOf } from '~/lib/site-facts';
import { company } from './company';

export const encarregado = encarregadoOf(company);

export { DSR_ANSWER_DAYS } from '~/lib/dsr-deadline';
