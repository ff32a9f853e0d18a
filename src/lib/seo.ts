/** What every page tells search engines and link previews (SPEC §3 'SEO data'). */
export interface Seo {
  title: string;
  description: string;
  /** Path or absolute URL of the canonical page; defaults to the current path. */
  url?: string | undefined;
  type?: 'website' | 'article' | undefined;
  /** Path or absolute URL of the preview image. */
  image?: string | undefined;
  /** Keep the page out of search results (thank-you page, admin, auth). */
  noindex?: boolean | undefined;
}

/**
 * Full document title: the page's own title plus the brand, unless it already names it.
 * @example documentTitle('Planos e preços', 'Pilota') // "Planos e preços | Pilota"
 */
export function documentTitle(title: string, brand: string): string {
  return title.includes(brand) ? title : `${title} | ${brand}`;
}

/**
 * The public path of a page. Prerendered pages see their output file name
 * ("/index.html", "/sobre.html") at build time; links and canonicals must not.
 * @example publicPath('/sobre.html') // "/sobre"
 * @example publicPath('/index.html') // "/"
 */
export function publicPath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}
