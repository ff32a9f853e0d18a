/*
 * Post/Redirect/Get for the admin area's forms. A form posts its action to the page it is
 * on (`/admin/leads?…&_action=leads.changeStatus`, so it works without JavaScript); left
 * alone, the page would answer the post itself, the address would keep `_action`, and a
 * refresh (a phone's pull-to-refresh) would post the same change again — answered 409
 * "Outra pessoa alterou…" about one's own change.
 *
 * So a form post into the admin area runs its action here, in the request pipeline
 * (src/middleware.ts), and:
 * - saved: answers 303 to the same page without `_action` (the view's filters kept, plus the
 *   fragment of what changed, e.g. `#lead-{id}` for a card of the leads list), with the
 *   action's result in a short-lived cookie for that page only; the GET that follows reads
 *   it back (`setActionResult`), so the page shows its notice as before, once. A refresh
 *   then repeats the GET, never the post.
 * - refused (a field, a conflict, a missing record): the page answers the post itself with
 *   the error's status, keeping what was typed; nothing was saved, so repeating it saves
 *   nothing either, and a conflict still names what the lead has now.
 * A post from another site is left to Astro, which refuses it. Structurally typed: the
 * middleware hands in Astro's action context, so src/server needs no Astro import.
 */
import { NO_STORE } from './cache-control';

/** The flash cookie: one action's result, for one page, for a minute. */
export const FLASH_COOKIE = 'pilota_resultado';
const FLASH_MAX_AGE_SECONDS = 60;
/** A result larger than this is shown in place instead (a cookie is at most 4 KB). */
const FLASH_MAX_BYTES = 3000;
/** Only the admin area's pages; the public forms (contato, LGPD) keep their own answers. */
const ADMIN_PREFIX = '/admin/';

/** Astro's serialized action result (astro/dist/actions/runtime/types SerializedActionResult). */
export type SerializedResult =
  | { type: 'data'; contentType: string; status: number; body: string }
  | { type: 'error'; contentType: string; status: number; body: string }
  | { type: 'empty'; status: number };

interface SafeResult {
  data?: unknown;
  error?: unknown;
}

export interface PrgCookies {
  get(name: string): { value: string } | undefined;
  set(
    name: string,
    value: string,
    options: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean; maxAge: number },
  ): void;
  delete(name: string, options: { path: string }): void;
}

export interface PrgContext {
  request: Request;
  url: URL;
  cookies: PrgCookies;
  isPrerendered: boolean;
  /** Astro's getActionContext(context), asked only for an admin page. */
  actions: () => {
    action?: { calledFrom: 'rpc' | 'form'; name: string; handler: () => Promise<SafeResult> } | undefined;
    setActionResult(name: string, result: SerializedResult): void;
    serializeActionResult(result: SafeResult): SerializedResult;
  };
}

interface Flash {
  /** The page the result is for. */
  p: string;
  /** The action's name. */
  n: string;
  r: SerializedResult;
}

/** A lead's page, where the answer to its forms sits right under the sticky bar. */
const LEAD_PAGE = /^\/admin\/leads\/[0-9a-f-]{36}$/;
const LEAD_PAGE_ACTIONS = new Set(['leads.changeStatus', 'leads.addNote', 'leads.assign']);

/**
 * The fragment a saved action brings the page back to: a status change from the leads list
 * returns to that lead's card, so a salesperson keeps her place in a long list; a status,
 * note or salesperson saved on a lead's page returns to the answer under its sticky bar
 * (`#resultado`, focusable), with the note box and the newest history right below.
 * @example anchorFor('/admin/leads', 'leads.changeStatus', { leadId: 'a1' }) // 'lead-a1'
 */
export function anchorFor(pathname: string, name: string, data: unknown): string | undefined {
  const leadId = (data as { leadId?: unknown } | null)?.leadId;
  if (pathname === '/admin/leads' && name === 'leads.changeStatus' && typeof leadId === 'string') {
    return `lead-${leadId}`;
  }
  if (LEAD_PAGE.test(pathname) && LEAD_PAGE_ACTIONS.has(name)) return 'resultado';
  return undefined;
}

/**
 * Where a saved form post sends the browser: the page it was posted to, without `_action`,
 * every other parameter kept in its order, and the fragment of what changed.
 * @example redirectTarget(new URL('http://x/admin/leads?status=novo&_action=leads.changeStatus'), 'lead-1') // '/admin/leads?status=novo#lead-1'
 */
export function redirectTarget(url: URL, anchor?: string): string {
  const params = new URLSearchParams(url.search);
  params.delete('_action');
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${anchor ? `#${anchor}` : ''}`;
}

/** The flash cookie's content, or undefined when it is not one this code wrote. */
export function readFlash(value: string | undefined): Flash | undefined {
  if (!value) return undefined;
  try {
    const flash = JSON.parse(value) as Partial<Flash> | null;
    const r = flash?.r as Partial<SerializedResult> | undefined;
    if (typeof flash?.p !== 'string' || typeof flash.n !== 'string' || !r || typeof r.status !== 'number') {
      return undefined;
    }
    if (r.type === 'empty' || ((r.type === 'data' || r.type === 'error') && typeof r.body === 'string')) {
      return flash as Flash;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function sameSite(context: PrgContext): boolean {
  const origin = context.request.headers.get('origin');
  return origin === null || origin === context.url.origin;
}

/** The pipeline step: see the module comment. */
export async function postRedirectGet(context: PrgContext, next: () => Promise<Response>): Promise<Response> {
  if (context.isPrerendered || !context.url.pathname.startsWith(ADMIN_PREFIX)) return next();
  const path = { path: '/admin' };
  const { method } = context.request;
  if (method === 'GET' || method === 'HEAD') {
    const flash = readFlash(context.cookies.get(FLASH_COOKIE)?.value);
    if (flash && flash.p === context.url.pathname) {
      context.cookies.delete(FLASH_COOKIE, path);
      context.actions().setActionResult(flash.n, flash.r);
    }
    return next();
  }
  if (method !== 'POST' || !sameSite(context)) return next();
  const actions = context.actions();
  const { action } = actions;
  if (!action || action.calledFrom !== 'form') return next();
  const result = await action.handler();
  const serialized = actions.serializeActionResult(result);
  const flash = JSON.stringify({ p: context.url.pathname, n: action.name, r: serialized } satisfies Flash);
  if (result.error !== undefined || flash.length > FLASH_MAX_BYTES) {
    actions.setActionResult(action.name, serialized);
    return next();
  }
  context.cookies.set(FLASH_COOKIE, flash, {
    ...path,
    httpOnly: true,
    sameSite: 'lax',
    secure: context.url.protocol === 'https:',
    maxAge: FLASH_MAX_AGE_SECONDS,
  });
  const location = redirectTarget(context.url, anchorFor(context.url.pathname, action.name, result.data));
  return new Response(null, { status: 303, headers: { location, 'cache-control': NO_STORE } });
}
