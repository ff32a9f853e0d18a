/*
 * The one sanitizer of failure texts written by someone else — a transport, a mail server,
 * a CRM's answer echoing the request, a library's error message — before they reach a log
 * line (src/server/describe-error.ts keeps its first line), a `last_error` column or an admin page. Such texts quote what was sent: a URL with its `user:password@`, a token in a
 * path, the lead's e-mail, often percent-encoded (`ana%40x.com`, `%2540` twice over), as an
 * HTML entity (`&#64;`) or a JSON escape (`\u0040`). So the text is decoded first and then
 * every URL is reduced to its host (credentials, path and query dropped), and e-mail
 * addresses and digit runs of MIN_NUMBER_DIGITS or more (a phone, a document) are masked.
 */

const DECODE_ROUNDS = 4;

/** Digits from which a run is masked: a CPF, a CNPJ, a phone, a CEP, an RG — and a 6-digit code, to be safe. */
const MIN_NUMBER_DIGITS = 6;

/**
 * Runs of digits that are no one's number: a dotted IPv4 address (a server's, in a connection
 * error) and an SMTP reply with its enhanced status code (`550 5.1.1`).
 */
const NOT_A_NUMBER = [
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/,
  /^[2-5]\d\d[\s-][2-5]\.\d{1,3}\.\d{1,3}$/,
];

const ENTITIES: Readonly<Record<string, string>> = { commat: '@', period: '.', colon: ':', sol: '/', amp: '&' };

/** Percent escapes (repeatedly, so `%2540` is `@`), HTML entities and `\uXXXX`/`\xXX` escapes decoded; never throws. */
function decoded(text: string): string {
  let out = text;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = out
      .replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/&#x([0-9a-f]{1,6});?/gi, (_entity, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
      .replace(/&#(\d{1,7});?/g, (_entity, digits: string) => String.fromCodePoint(Number(digits) % 0x110000))
      .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
      .replace(/\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (...hex: (string | undefined)[]) =>
        String.fromCodePoint(parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16) % 0x110000),
      );
    if (next === out) break;
    out = next;
  }
  return out;
}

/** A URL's host (with its port), or undefined when the text is not a URL. */
export function urlHost(text: string): string | undefined {
  try {
    return new URL(text).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text without URLs (each reduced to `[host]`), credentials, e-mail addresses (in any
 * encoding) or numbers of MIN_NUMBER_DIGITS+ digits, whitespace collapsed. Not cut: callers bound its length.
 * @example safeErrorText('Request cannot be constructed from a URL that includes credentials: http://u:segredo@127.0.0.1:9/h')
 *   // "Request cannot be constructed from a URL that includes credentials: [127.0.0.1:9]"
 * @example safeErrorText('Contact ana%40exemplo.com already exists') // "Contact [e-mail] already exists"
 */
export function safeErrorText(text: string): string {
  return (
    decoded(text)
      .replace(/[a-z][a-z0-9+.-]*:(?:\\?\/){2}[^\s<>"']+/gi, (url) => {
        const host = urlHost(url);
        return host ? `[${host}]` : '[endereço]';
      })
      .replace(/[^\s<>"'@＠()[\],;:]+[@＠][^\s<>"'@＠()[\],;:]+/g, '[e-mail]')
      // Whole runs only: a part of an id (a UUID's last group, a hash) is not a number.
      .replace(/(?<![\w-])\+?\d[\d\s().-]{4,}\d(?![\w-])/g, (run) =>
        (run.match(/\d/g)?.length ?? 0) >= MIN_NUMBER_DIGITS && !NOT_A_NUMBER.some((code) => code.test(run))
          ? '[número]'
          : run,
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}
