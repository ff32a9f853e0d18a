/*
 * One HTTP call of a connector, and what its failure means for the delivery:
 * - 2xx: done.
 * - 400 and 422: the service refused the data itself; the same data will be refused again,
 *   so the delivery fails for good at once (`permanent`) with the reason on the deliveries page.
 * - 401 and 403 (and whatever else a connector names in `misconfigured`, HubSpot's 404 for an
 *   unknown form): the account's key or form is wrong, and every retry would be refused too;
 *   the delivery fails for good at once with a pt-BR hint naming the variable to fix.
 * - 429: too many requests; the delivery waits for the Retry-After the service asked for
 *   (../transport/retry-after.ts) without spending an attempt, up to a daily ceiling
 *   (src/server/delivery/rate-limit-waits.ts), and its target pauses as long (../delivery/breaker.ts).
 * - Anything else (5xx, a timeout, a refused connection): retried with back-off.
 *
 * A service's answer may quote the request, secret included (an echoed URL with its
 * api_key), so every text taken from it goes through `redact` before it is kept anywhere.
 */

import { rateLimitWaitMs } from '../transport/retry-after';

/** One attempt's budget: every call of the attempt together (Pipedrive makes up to seven). */
export const CONNECTOR_TIMEOUT_MS = 10_000;
/** Response characters kept in an error. */
const EXCERPT_CHARS = 200;

export class ConnectorError extends Error {
  override name = 'ConnectorError';
  constructor(
    /** For the delivery row: what went wrong, secrets removed. */
    message: string,
    /** For log lines: a status or a network code only. */
    readonly reason: string,
    readonly options: { status?: number; permanent?: boolean; retryAfterMs?: number; misconfigured?: boolean } = {},
  ) {
    super(message);
  }
}

/** `text` with each secret and any api_key/api_token/token parameter value hidden. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    out = out.split(secret).join('[oculto]');
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join('[oculto]');
  }
  return out.replace(
    /\b(api_?key|api_?token|token|hapikey|access_token)(["']?\s*[=:]\s*["']?)[^\s&"',}]+/gi,
    '$1$2[oculto]',
  );
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
  secrets: readonly string[];
  /** Builds the row's message for a 400/422 from the parsed answer (a pt-BR text). */
  refused: (status: number, answer: unknown) => string;
  /** The row's message when `status` means the connector's configuration is wrong; undefined when not. */
  misconfigured: (status: number) => string | undefined;
}

/** Calls `url` and returns its parsed JSON answer (undefined when empty); throws ConnectorError. */
export async function call(url: string, options: CallOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      headers: {
        Accept: 'application/json',
        'User-Agent': 'Pilota-Connectors/1',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: options.signal,
      redirect: 'error',
    });
  } catch (error) {
    const reason = failureReason(error);
    throw new ConnectorError(`failed: ${reason}`, `failed: ${reason}`);
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The status decides; a body cut short adds nothing.
  }
  let answer: unknown;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    answer = undefined;
  }
  if (response.ok) return answer;
  const status = response.status;
  const excerpt = redact(text.replace(/\s+/g, ' ').trim(), options.secrets).slice(0, EXCERPT_CHARS);
  if (status === 400 || status === 422) {
    throw new ConnectorError(redact(options.refused(status, answer), options.secrets), `answered ${status}`, {
      status,
      permanent: true,
    });
  }
  const misconfigured = options.misconfigured(status);
  if (misconfigured !== undefined) {
    throw new ConnectorError(misconfigured, `answered ${status}`, { status, permanent: true, misconfigured: true });
  }
  if (status === 429) {
    const wait = rateLimitWaitMs(response.headers);
    throw new ConnectorError(
      `answered 429, retrying after ${Math.ceil(wait / 1000)} s${excerpt ? `: ${excerpt}` : ''}`,
      'answered 429',
      { status, retryAfterMs: wait },
    );
  }
  throw new ConnectorError(`answered ${status}${excerpt ? `: ${excerpt}` : ''}`, `answered ${status}`, { status });
}

function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  // fetch wraps the socket error: "fetch failed" with the useful part in `cause`.
  const cause = (error as Error & { cause?: { code?: string } }).cause;
  return cause?.code ?? error.name;
}

/**
 * At most one call per `intervalMs` in this process, in order: RD Station allows 120 requests
 * a minute per account, so 500 ms apart keeps a burst of leads under it instead of into 429s.
 */
export class Spacer {
  #next = 0;
  constructor(readonly intervalMs: number) {}

  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
