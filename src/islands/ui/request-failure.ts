/*
 * One answer to "the request got no usable reply", for every island that talks to the server.
 *
 * A fetch that rejects (offline, connection refused or reset, DNS), a request that hangs, a
 * proxy's HTML error page (502/503/504) and a body that is not the JSON our endpoints write all
 * mean the same to the person at the form: nothing usable came back, what they typed must
 * stay, and they can try again. Each becomes one typed value, `Unavailable`, so an island
 * shows its message and leaves its busy state instead of an uncaught rejection or a spinner
 * that never stops.
 *
 * - `requestJson(url, init)`: fetch with a timeout, answering a `Reply` (our JSON) or `Unavailable`.
 * - `settle(run)`: the same guarantee around a library's client (Better Auth, Astro actions):
 *   `run` gets the timeout's AbortSignal to pass on; a client that cannot take one is raced.
 * - `fetchWithTimeout`: a bounded `fetch` for a library that makes requests of its own.
 * - `readReply(status, text)`: the pure rule deciding whether a response is ours to read.
 *
 * The timeout is a plain timer, not AbortSignal.timeout(): it can be cleared once the answer is
 * in, and it follows the page's clock, so tests can move time on instead of waiting.
 */

/** How long a request may go without an answer before the form says so. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Why no usable answer came: the browser is offline, the connection failed, it took too long, or what came back was an error page. */
export type UnavailableReason = 'offline' | 'network' | 'timeout' | 'server';

/** The request got no usable answer; `status` is set when an error page did come back. */
export class Unavailable {
  constructor(
    readonly reason: UnavailableReason,
    readonly status?: number,
  ) {}
}

/** A response our server wrote: its status and its JSON body (undefined when it had none). */
export interface Reply {
  readonly status: number;
  readonly ok: boolean;
  readonly body: unknown;
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * Decides whether a response is ours to read. Our endpoints answer JSON, so a body that is not
 * JSON on a success or a 5xx came from something else (a proxy's error page, a captive portal)
 * and counts as `Unavailable`, as does a 5xx with no body. A 4xx without JSON stays a reply
 * (e.g. the admin guard's bare 401): the island explains it from the status.
 * @example readReply(201, '{"id":"a"}') // { status: 201, ok: true, body: { id: 'a' } }
 * @example readReply(502, '<html>Bad Gateway</html>') // Unavailable { reason: 'server', status: 502 }
 * @example readReply(401, '') // { status: 401, ok: false, body: undefined }
 */
export function readReply(status: number, text: string): Reply | Unavailable {
  const body = parseJson(text);
  const clientError = status >= 300 && status < 500;
  const unreadable = body === NOT_JSON || (status >= 500 && body === undefined);
  if (unreadable && !clientError) return new Unavailable('server', status);
  return { status, ok: status >= 200 && status < 300, body: body === NOT_JSON ? undefined : body };
}

/**
 * What a thrown error means for the request. The page's own `online` flag tells "offline"
 * from a failed connection; a TimeoutError is the timeout below; any other error (a body no
 * client could parse) means the answer was unusable.
 * @example failureOf(new TypeError('Failed to fetch'), true) // Unavailable { reason: 'network' }
 */
export function failureOf(error: unknown, online: boolean): Unavailable {
  if (error instanceof Unavailable) return error;
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return new Unavailable('timeout');
  if (!online) return new Unavailable('offline');
  if (error instanceof TypeError) return new Unavailable('network');
  return new Unavailable('server');
}

/** Whether the browser says it is online; outside a browser, assume so. */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The failure for a transport error the caller saw directly (an XMLHttpRequest's `error` event). */
export const connectionFailure = () => new Unavailable(isOnline() ? 'network' : 'offline');

export interface SettleOptions<T> {
  /** Default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The caller's own cancellation (e.g. a stale preview); the caller ignores what comes back then. */
  signal?: AbortSignal;
  /** For clients that read the body themselves and hand back only a status: a 5xx there is an error page too. */
  statusOf?: (result: T) => number | undefined;
}

/**
 * Runs a request and never rejects: its result, or `Unavailable` when it threw, timed out or
 * (per `statusOf`) answered 5xx. The timeout's signal is handed to `run`; a client that ignores
 * it is raced, and its late answer is dropped.
 */
/** A signal that aborts with a TimeoutError after `timeoutMs`, or with `outer`'s reason; `clear` ends both links. */
function deadline(timeoutMs: number, outer?: AbortSignal | null) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Sem resposta do servidor', 'TimeoutError')),
    timeoutMs,
  );
  const cancel = () => controller.abort(outer?.reason);
  if (outer?.aborted) cancel();
  else outer?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    },
  };
}

export async function settle<T>(
  run: (signal: AbortSignal) => Promise<T>,
  { timeoutMs = REQUEST_TIMEOUT_MS, signal: outer, statusOf }: SettleOptions<T> = {},
): Promise<T | Unavailable> {
  const { signal, clear } = deadline(timeoutMs, outer);
  const stopped = new Promise<never>((_, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  try {
    const result = await Promise.race([run(signal), stopped]);
    const status = statusOf?.(result);
    return status !== undefined && status >= 500 ? new Unavailable('server', status) : result;
  } catch (error) {
    return failureOf(error, isOnline());
  } finally {
    clear();
  }
}

/**
 * `fetch` bounded by the timeout, for a library that takes a fetch implementation and makes
 * requests of its own (Better Auth's session read): it rejects with a TimeoutError instead of
 * hanging. The deadline covers reading the body too, so it is only cleared on failure.
 */
export async function fetchWithTimeout(
  input: RequestInfo | URL,
  init: RequestInit = {},
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const { signal, clear } = deadline(timeoutMs, init.signal);
  try {
    return await fetch(input, { ...init, signal });
  } catch (error) {
    clear();
    throw error;
  }
}

/** fetch with the timeout, reading the answer with `readReply`; never rejects. */
export function requestJson(
  url: string,
  init: RequestInit = {},
  options: Omit<SettleOptions<Reply>, 'statusOf' | 'signal'> = {},
): Promise<Reply | Unavailable> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return settle(
    async (signal) => {
      const response = await fetch(url, { ...init, headers, signal });
      return readReply(response.status, await response.text());
    },
    { ...options, ...(init.signal ? { signal: init.signal } : {}) },
  );
}
