/*
 * Which Astro Action a request runs, read the way Astro itself reads it, so that the role
 * check, the body limits and the log lines all judge the action that will actually run.
 */
import { normalizePath } from './normalize-path';

/** Astro's one route for action calls (astro/dist/actions/consts.js, ACTION_RPC_ROUTE_PATTERN). */
export const ACTION_RPC_ROUTE = '/_actions/[...path]';
const ACTION_PREFIX = '/_actions/';
/** Every action of the site is named by plain identifiers joined by dots (src/actions/index.ts). */
const ACTION_KEY = /^[A-Za-z_$][\w$]*$/;

export type ActionCall =
  /** The request calls no action. */
  | { kind: 'none' }
  /** The action Astro will run, its keys decoded and joined by dots (`admin.lgpd.erase`). */
  | { kind: 'action'; name: string }
  /** A spelling that could be read as two different actions, or as none: refused before anything runs. */
  | { kind: 'ambiguous' };

export interface ActionTarget {
  routePattern?: string | undefined;
  pathname: string;
  search?: string | undefined;
}

/** Astro's keys of an action name (load.js getAction: split on dots, each decoded once), or undefined when no action can bear it. */
function actionKeys(name: string): string[] | undefined {
  try {
    const keys = name.split('.').map((key) => decodeURIComponent(key));
    return keys.every((key) => ACTION_KEY.test(key)) ? keys : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The action a request calls, read exactly as Astro reads it (astro/dist/actions/runtime/
 * server.js getCallerInfo, load.js getAction): on the action route, what follows the LAST
 * `/_actions/` of the raw path; on any other route the first `?_action=` value, when not
 * empty; then split on dots, each key decoded once. A spelling a prefix check reads
 * differently is ambiguous — `/_actions/lead/_actions/admin.lgpd.erase` looks like the
 * public `lead` and runs `admin.lgpd.erase` — and so is any name no action of ours can
 * have (a slash, an escape that does not decode to an identifier, a second `/_actions/`).
 * Outside Astro (no route pattern), a path that normalises into `/_actions/` counts as the
 * action route.
 * @example actionCallOf({ routePattern: ACTION_RPC_ROUTE, pathname: '/_actions/%61dmin.lgpd.erase' }) // { kind: 'action', name: 'admin.lgpd.erase' }
 * @example actionCallOf({ routePattern: ACTION_RPC_ROUTE, pathname: '/_actions/lead/_actions/admin.lgpd.erase' }) // { kind: 'ambiguous' }
 */
export function actionCallOf(target: ActionTarget): ActionCall {
  const spelledAsRoute = normalizePath(target.pathname).startsWith(ACTION_PREFIX);
  const onRoute = target.routePattern === undefined ? spelledAsRoute : target.routePattern === ACTION_RPC_ROUTE;
  let name: string;
  if (onRoute) {
    const at = target.pathname.lastIndexOf(ACTION_PREFIX);
    if (at !== 0) return { kind: 'ambiguous' };
    name = target.pathname.slice(ACTION_PREFIX.length);
  } else {
    // A path spelling the action route that Astro routed elsewhere (`/_ACTIONS/…`): which did the caller mean?
    if (spelledAsRoute) return { kind: 'ambiguous' };
    const query = new URLSearchParams(target.search ?? '').get('_action');
    if (!query) return { kind: 'none' };
    name = query;
  }
  const keys = actionKeys(name);
  return keys ? { kind: 'action', name: keys.join('.') } : { kind: 'ambiguous' };
}

/** Whether the request calls an Astro Action (the RPC route or a form post with `?_action=`). */
export function isActionRequest(url: URL): boolean {
  return url.pathname.startsWith('/_actions/') || url.searchParams.has('_action');
}
