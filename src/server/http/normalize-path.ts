/*
 * One spelling per path, so a policy keyed by path cannot be side-stepped by another
 * spelling of it (`/Blog/%61dmin`, `//blog/admin/index.html`): the access policy, the
 * CDN rules and the action-call reader compare normalised paths only.
 */

/**
 * The path as a router might understand it, for comparing against the policy: percent
 * escapes decoded (repeatedly, so `%2561` counts as `a`; never throws on a malformed one),
 * backslashes as slashes, lower case, empty/`.` segments dropped and `..` applied, `;…`
 * segment parameters cut, and a final `.html` or `index` removed.
 * @example normalizePath('//Blog/%61dmin/index.html') // '/blog/admin'
 */
export function normalizePath(pathname: string): string {
  // Declared inside: the Netlify function's wrapper inlines this function's source
  // (src/integrations/netlify-target.mjs), so it must not reach for anything around it.
  const MAX_DECODE_ROUNDS = 4;
  let path = pathname;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const decoded = path.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').toLowerCase().split('/')) {
    const segment = raw.split(';')[0]!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = segments.length - 1;
  if (last >= 0) segments[last] = segments[last]!.replace(/\.html$/, '');
  if (segments[segments.length - 1] === 'index' || segments[segments.length - 1] === '') segments.pop();
  return `/${segments.join('/')}`;
}
