/**
 * Which page links a paged admin list offers: the first and last pages, the current one
 * and its neighbours, with a gap (`null`, shown as "…") where pages are skipped — so a
 * view of 2,000 pages still gets a short, keyboard-friendly row of links.
 * @example pageWindow(1, 1)   // [1]
 * @example pageWindow(7, 20)  // [1, null, 5, 6, 7, 8, 9, null, 20]
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const shown = n === 1 || n === pageCount || Math.abs(n - page) <= around;
    if (shown) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
