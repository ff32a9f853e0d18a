/**
 * Text into markup: the one escape every HTML page, e-mail and XML document the server
 * builds by hand goes through (e-mails, the no-JavaScript answer, legal tokens, the sitemap),
 * so none of them can forget a character. Values only — never for whole markup.
 */

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for HTML content and (quoted) attribute values.
 * @example escapeHtml(`<a href="x">Tom & Jerry's</a>`) // "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/**
 * Text for XML content and attribute values. Control characters XML 1.0 forbids are
 * dropped first: one in a title would otherwise make the whole document unreadable.
 * @example escapeXml('IGP-M & IPCA\u0007') // "IGP-M &amp; IPCA"
 */
export function escapeXml(text: string): string {
  return escapeHtml(stripXmlForbidden(text));
}

/**
 * The text without the control characters XML 1.0 cannot carry (tab, line feed and
 * carriage return stay), for builders that escape the rest themselves.
 * @example stripXmlForbidden('a\u0000b\tc') // "ab\tc"
 */
export function stripXmlForbidden(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing exactly the characters XML 1.0 forbids
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
