/*
 * Astro 7.3 answers 500 ("Missing parameter") to `…/index.html` under a dynamic route,
 * before any middleware runs (withastro/astro#17827): `/blog/<slug>/index.html`,
 * `/parceiro/x/index.html`. The front servers — scripts/serve.mjs on Node, the SSR
 * function's wrapper on Netlify (src/integrations/netlify-target.mjs, which inlines this
 * function's source, so it must stay self-contained) — send such a path to its canonical
 * form instead: the same path without `/index.html`, which the router and the admin guard
 * then judge as usual.
 */

/**
 * The Location for a `…/index.html` request target, or undefined when it is not one.
 * Only ever a same-origin path: leading slashes are collapsed, and targets with a
 * backslash are left alone (the static layer refuses them), so no `//host` can come out.
 * @param {string} target the request target, path and query (`req.url`)
 * @returns {string | undefined}
 * @example indexHtmlRedirect('/blog/post/index.html?a=1') // '/blog/post?a=1'
 * @example indexHtmlRedirect('/index.html') // undefined (a file of the build)
 */
export function indexHtmlRedirect(target) {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const query = end === -1 ? '' : target.slice(end);
  if (/\\|%5c/i.test(path)) return undefined;
  const slash = path.lastIndexOf('/');
  if (slash <= 0) return undefined;
  let last;
  try {
    last = decodeURIComponent(path.slice(slash + 1));
  } catch {
    return undefined;
  }
  if (last.toLowerCase() !== 'index.html') return undefined;
  const parent = path.slice(0, slash).replace(/^\/+/, '');
  return `/${parent}${query}`;
}
