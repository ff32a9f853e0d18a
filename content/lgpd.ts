/**
 * LGPD facts the site publishes: the encarregado (LGPD art. 41 — identity and contact
 * "divulgados publicamente, de forma clara e objetiva, preferencialmente no sítio
 * eletrônico do controlador"), shown on /lgpd, the privacy policy and the footer, and the
 * answer deadline of art. 19.
 *
 * PLACEHOLDER — the spec names no encarregado. Replace `nome` and `email` with the person
 * (or the company acting as encarregado) the controller appointed before launch.
 */
export const encarregado = {
  /** PLACEHOLDER: the appointed encarregado's name. */
  nome: 'Mariana Duarte',
  /** PLACEHOLDER: a mailbox the encarregado reads. */
  email: 'privacidade@pilota.example',
} as const;

/** Art. 19, II: a full answer within 15 days of the request (the legal pages promise it too). */
export const DSR_ANSWER_DAYS = 15;
