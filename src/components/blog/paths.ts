/**
 * Path of list page `page` under `base`: page 1 is the base itself.
 * @example pagePath('/blog', 1) // "/blog"
 * @example pagePath('/blog/tag/ipca', 3) // "/blog/tag/ipca/pagina/3"
 */
export function pagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/pagina/${page}`;
}
