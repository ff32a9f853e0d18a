/*
 * Redirects the front servers answer before any routing.
 *
 * Astro 7.3 answers 500 ("Missing parameter") to `…/index.html` under a dynamic route,
 * before any middleware runs (withastro/astro#17827): `/blog/<slug>/index.html`,
 * `/parceiro/x/index.html`. The front servers — scripts/serve.mjs on Node, the SSR
 * function's wrapper on Netlify (src/integrations/netlify-target.mjs, which inlines this
 * function's source, so it must stay self-contained) — send such a path to its canonical
 * form instead: the same path without `/index.html`, which the router and the admin guard
 * then judge as usual.
 *
 * A trailing slash is Astro's to redirect (trailingSlash: 'never'), except in the private areas
 * (src/server/cdn/redirect-cache.ts): Astro's redirect runs before the middleware, so it would
 * carry no Cache-Control and keep the query. There the front servers redirect themselves,
 * `no-store`, without the query in the admin areas.
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

/**
 * The front servers' redirect for a request target, or undefined when Astro takes it: `Location`
 * and the headers beside it (Cache-Control in the private areas). Self-contained, like
 * indexHtmlRedirect; `rules` are src/server/cdn/redirect-cache.ts's REDIRECT_RULES.
 * @param {string} target the request target, path and query (`req.url`)
 * @param {import('../server/cdn/redirect-cache').RedirectRules} rules
 * @returns {{ location: string, headers: Record<string, string> } | undefined}
 * @example canonicalRedirect('/admin/leads/?q=ana%40x.com', REDIRECT_RULES) // { location: '/admin/leads', headers: { 'Cache-Control': 'private, no-store' } }
 * @example canonicalRedirect('/planos/', REDIRECT_RULES) // undefined (Astro's)
 */
export function canonicalRedirect(target, rules) {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const normal = rules.normalize(path);
  const within = (areas) => areas.some((area) => normal === area || normal.startsWith(`${area}/`));
  const isPrivate = within(rules.privateAreas);
  let location = indexHtmlRedirect(target);
  if (location === undefined && isPrivate && /.\/+$/.test(path) && !/\\|%5c/i.test(path)) {
    location = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}${end === -1 ? '' : target.slice(end)}`;
  }
  if (location === undefined) return undefined;
  if (!isPrivate) return { location, headers: {} };
  if (within(rules.queryFreeAreas)) location = location.split(/[?#]/, 1)[0];
  return { location, headers: { 'Cache-Control': rules.noStore } };
}
