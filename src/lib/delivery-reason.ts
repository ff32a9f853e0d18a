/**
 * A delivery's last error in plain pt-BR for the sales team. `last_error` holds what the
 * transport said: a webhook's or connector's "failed: ECONNREFUSED" / "answered 503", a mail
 * server's reply ("… rejected: 550 5.1.1 …"), a Node network code inside a message. Each
 * known shape gets a reason that says what happened and what to do; a text already in pt-BR
 * (a connector's refusal, a rate-limit wait) or one not recognised gets none and is shown as
 * it is. Read at display time, so rows stored before this existed read the same.
 */
import { deliveryReasons as r } from '~/messages/inbox/deliveries';

/** Node/undici network codes, and the certificate ones, as they appear in a transport's text. */
const NETWORK: readonly (readonly [RegExp, string])[] = [
  [/\bECONNREFUSED\b/, r.refused],
  [
    /\b(?:ECONNRESET|EPIPE|UND_ERR_SOCKET)\b|\bsocket hang up\b|\bother side closed\b|\bConnection closed unexpectedly\b/i,
    r.reset,
  ],
  [/\bENOTFOUND\b/, r.notFound],
  [/\bEAI_AGAIN\b/, r.dnsUnavailable],
  [/\b(?:EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)\b/, r.unreachable],
  [
    /\b(?:ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)\b|\btimed out\b|\bConnection timeout\b|\bGreeting never received\b/i,
    r.timedOut,
  ],
  [
    /\b(?:CERT_\w+|\w+_CERT\w*|ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\b|\bcertificate\b/i,
    r.certificate,
  ],
  [/\bERR_INVALID_URL\b|\bInvalid URL\b/i, r.invalidUrl],
  [/\bunexpected redirect\b/i, r.redirected],
];

/** Words only a pt-BR text has: such a text was written for the team already. */
const PORTUGUESE = /[À-ÿ]|\b(?:recusou|resposta|tentativas?|destino|confira)\b/i;

/**
 * The pt-BR reason for a (sanitized) transport text, or undefined when it is already pt-BR
 * or not a known shape.
 * @example deliveryReason('failed: ECONNREFUSED') // "o destino recusou a conexão (está fora do ar?) — …"
 * @example deliveryReason('answered 503') // "o destino respondeu HTTP 503 (erro no servidor dele) — …"
 * @example deliveryReason('Pipedrive recusou os dados: …') // undefined
 */
export function deliveryReason(text: string): string | undefined {
  // The webhook and connector senders' own shapes come first: a CRM's body quoted after
  // "answered 500:" may be in Portuguese, yet the status is what the team needs.
  const answered = /^answered (\d{3})\b/.exec(text);
  if (answered) return httpReason(Number(answered[1]));
  const failed = /^failed: (.*)$/s.exec(text);
  if (failed) return networkReason(failed[1]!);
  if (PORTUGUESE.test(text)) return undefined;
  const http = /^HTTP (\d{3})\b/.exec(text);
  if (http) return httpReason(Number(http[1]));
  return mailReason(text) ?? networkReason(text);
}

function httpReason(status: number): string | undefined {
  if (status === 401 || status === 403) return r.http.unauthorized(status);
  if (status === 404) return r.http.notFound;
  if (status === 410) return r.http.gone;
  if (status === 413) return r.http.tooLarge;
  if (status === 429) return r.http.tooMany;
  if (status >= 500 && status <= 599) return r.http.serverError(status);
  if (status >= 400 && status <= 499) return r.http.refused(status);
  return undefined;
}

function networkReason(text: string): string | undefined {
  return NETWORK.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * A mail server's reply code (nodemailer quotes it after a colon: "Invalid login: 535 5.7.8 …",
 * "… all recipients were rejected: 550 5.1.1 …") with its enhanced status when given, and
 * the mailer's own texts (a recipient refused without a code, Resend's error names).
 */
function mailReason(text: string): string | undefined {
  if (/^SMTP rejected \d+ recipient/.test(text)) return r.mail.recipient;
  if (/^Resend: (?:missing_api_key|invalid_api_key|restricted_api_key)\b/.test(text)) return r.mail.providerKey;
  if (/^Resend: rate_limit_exceeded\b/.test(text)) return r.http.tooMany;
  if (/^Resend: /.test(text) && networkReason(text) === undefined) return r.mail.rejected;
  const reply = /(?:^|:\s)([45])(\d\d)(?:[\s-]+([245])\.(\d{1,3})\.\d{1,3})?(?=[\s-]|$)/.exec(text);
  if (!reply) return undefined;
  const [, klass, rest, , subject] = reply;
  const code = Number(`${klass}${rest}`);
  // 4xx is the server's "not now"; 5xx is a refusal, named by the enhanced status's subject.
  if (klass === '4') return r.mail.unavailable;
  if (code === 535 || code === 534 || code === 530) return r.mail.login;
  if (subject === '1' || code === 551 || code === 553) return r.mail.recipient;
  if (subject === '2' || subject === '3' || code === 552) return r.mail.mailboxFull;
  if (subject === '7') return r.mail.policy;
  if (code === 550) return r.mail.recipient;
  return r.mail.rejected;
}
