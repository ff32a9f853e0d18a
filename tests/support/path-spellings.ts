/*
 * The ways one path can be written that a server might route to the same page: what an
 * attacker tries against a guard that compares raw paths.
 */

const encodeLetters = (text: string) =>
  text.replace(/[a-z]/gi, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `path` as-is and in other spellings: `.html`, `/index(.html)`, trailing slash and dot
 * segments, percent-encoded (once and twice) letters and slashes, upper and mixed case,
 * doubled slashes, backslashes, `..` detours, a matrix parameter and a query that looks
 * like an extension. `path` must be canonical (`/blog/admin/posts`, no trailing slash).
 * @example pathSpellings('/blog/admin').includes('/blog/%61dmin.html') // true
 */
export function pathSpellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const firstA = (text: string, by: string) => text.replace(/a/i, by);
  const spellings = [
    path,
    `${path}.html`,
    `${path}/index.html`,
    `${path}/index`,
    `${path}/`,
    `${path}/.`,
    `${path}/%2e`,
    firstA(path, '%61'),
    `${firstA(path, '%61')}.html`,
    firstA(path, '%2561'),
    encodeLetters(path),
    `${encodeLetters(path)}.html`,
    path.toUpperCase(),
    `${path.toUpperCase()}.HTML`,
    path.replace(/(^|\/)([a-z])/g, (_match, slash: string, letter: string) => slash + letter.toUpperCase()),
    `/${path}`,
    path.replaceAll('/', '//'),
    path.replaceAll('/', '\\'),
    rest ? `/${first}%2F${rest}` : `${path}%2F`,
    rest ? `/${first}/x/../${rest}` : `/x/..${path}`,
    rest ? `/${first}/./${rest}` : `/.${path}`,
    `${path};x`,
    `${path}?.html`,
  ];
  return [...new Set(spellings)];
}

/**
 * Action calls for `name` that a reader of the path's start takes for another action:
 * Astro runs what follows the LAST `/_actions/`, so `/_actions/lead/_actions/admin.lgpd.erase`
 * looks like the public `lead` (or, behind `posts/`, like an editor's action) and runs
 * `admin.lgpd.erase`. Each decoy is a namespace or action the caller might be allowed.
 * @example actionCallSpellings('admin.lgpd.erase', ['lead']).includes('/_actions/lead/_actions/admin.lgpd.erase') // true
 */
export function actionCallSpellings(name: string, decoys: readonly string[]): string[] {
  const spellings = decoys.flatMap((decoy) => [
    `/_actions/${decoy}/_actions/${name}`,
    `/_actions/${decoy}/x/_actions/${name}`,
    `/_actions/${decoy}/_actions/_actions/${name}`,
    `/_actions/${decoy}/..%2F_actions/${name}`,
    `/_actions/${decoy}%2F_actions%2F${name}`,
    `/_actions/${decoy}/${name}`,
  ]);
  return [...new Set(spellings)];
}
