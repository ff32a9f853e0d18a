/**
 * URL slugs for blog posts and tags. Portuguese titles carry accents and cedillas
 * ("Gestão de Imóveis"); URLs read best, and survive every mail client and chat app,
 * as plain ASCII, so letters lose their marks rather than being dropped or escaped.
 */

/** Longest slug produced or accepted; long enough for a full title, short enough for a link. */
export const MAX_SLUG_LENGTH = 80;

/** What a valid slug looks like: lowercase ASCII words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A URL slug from any text: marks removed (NFKD, so "ç" → "c" and "º" → "o"),
 * lowercase, anything else between words turned into one hyphen, cut at a word
 * boundary to {@link MAX_SLUG_LENGTH}.
 * @example slugify('Gestão de Imóveis') // "gestao-de-imoveis"
 * @example slugify('  Reajuste: IGP-M ou IPCA?  ') // "reajuste-igp-m-ou-ipca"
 */
export function slugify(text: string, maxLength: number = MAX_SLUG_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  // Cut at the last hyphen inside the limit, so no word is left half-written.
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, maxLength)).replace(/-+$/, '');
}

/**
 * Whether a text is already a well-formed slug.
 * @example isSlug('gestao-de-imoveis') // true
 * @example isSlug('Gestão')            // false
 */
export function isSlug(text: string): boolean {
  return text.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(text);
}
