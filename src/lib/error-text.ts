/*
 * The one sanitizer of failure texts written by someone else — a transport, a mail server,
 * a CRM's answer echoing the request — before they reach a log line, a `last_error` column or
 * an admin page. Such texts quote what was sent: a URL with its `user:password@`, a token in a
 * path, the lead's e-mail, often percent-encoded (`ana%40x.com`, `%2540` twice over), as an
 * HTML entity (`&#64;`) or a JSON escape (`\u0040`). So the text is decoded first and then
 * every URL is reduced to its host (credentials, path and query dropped), and e-mail
 * addresses and digit runs long enough to be a phone or a document are masked.
 */

const DECODE_ROUNDS = 4;

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
 * encoding) or numbers of 8+ digits, whitespace collapsed. Not cut: callers bound its length.
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
      .replace(/(?<![\w-])\+?\d[\d\s().-]{6,}\d(?![\w-])/g, (run) =>
        (run.match(/\d/g)?.length ?? 0) >= 8 ? '[número]' : run,
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}
