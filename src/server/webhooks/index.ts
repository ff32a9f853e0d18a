/*
 * Posts one JSON body to one webhook URL. Never touches the database: the delivery
 * engine (src/server/delivery) calls it per (lead, URL) delivery and records each
 * attempt. Any network error, timeout or non-2xx status throws, which makes the
 * queue retry with back-off.
 *
 * The delivery contract (docs/operating.md, "Delivery contract"): at least once. Every request
 * carries the delivery's id in X-Pilota-Delivery — the same on every retry of that
 * delivery, so a receiver drops a re-send by remembering ids — and, for a lead, the
 * lead id in X-Pilota-Lead (it is also `id` in the body). X-Pilota-Signature signs
 * the exact body bytes.
 *
 * Connections: Node's fetch keeps connections alive per origin, so a burst of posts to
 * one receiver reuses a few sockets; the response body is drained (up to a small cap)
 * so its socket goes back to the pool instead of being torn down.
 */
import { createHash, createHmac } from 'node:crypto';
import type { DeliveryKind } from '~/lib/delivery-kinds';
import { safeErrorText } from '~/lib/error-text';
import { rateLimitWaitMs } from '../transport/retry-after';

/** SPEC §7 fires webhooks without waiting long; a hung receiver fails the attempt after this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'X-Pilota-Signature';
/** The delivery's id (deliveries.id): identical on every attempt of one delivery. */
export const DELIVERY_HEADER = 'X-Pilota-Delivery';
/** The lead the call is about (also `id` in the body). */
export const LEAD_HEADER = 'X-Pilota-Lead';
/** 1 on the first try, 2 on the first retry… (informative; deduplicate by the delivery id). */
export const ATTEMPT_HEADER = 'X-Pilota-Attempt';

/** Response bytes read before the connection is given up instead of reused. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** `sha256=<hex HMAC-SHA256 of the exact body>`, the value of X-Pilota-Signature. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The delivery id of the webhook call about `subjectId` (a lead) to `url`: the same value
 * whether the call goes out directly while the database is down (degraded mode) or later
 * from the queue, so a receiver that got the direct call drops the queued re-send. A UUID
 * (version 5 layout) derived from both, so it fits `deliveries.id`.
 */
export function webhookDeliveryId(subjectId: string, url: string): string {
  const hex = createHash('sha256').update(`pilota-webhook\0${subjectId}\0${url}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * How a webhook URL appears in logs: its origin and a short hash of the whole URL.
 * Paths and query strings often carry the receiver's access token, so they never
 * reach a log line; the hash still tells two URLs on one host apart.
 */
export function webhookLabel(url: string): string {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 8);
  try {
    return `${new URL(url).origin} #${hash}`;
  } catch {
    return `#${hash}`;
  }
}

/** How a delivery target appears in logs and alerts: all e-mail is one target, anything else is a URL. */
export function targetLabel(kind: DeliveryKind, target: string): string {
  return kind === 'email' ? 'e-mail' : `${kind} ${webhookLabel(target)}`;
}

export interface WebhookOptions {
  secret?: string | undefined;
  timeoutMs?: number;
  /** An Authorization header for calls to these URLs only (the ZAP targets' Basic credentials, ./zap.ts). */
  authorization?: { urls: readonly string[]; header: string } | undefined;
  /** The ZAP-format targets (LEAD_WEBHOOK_ZAP_URLS): their 4xx refusals fail at once (./transport.ts). */
  zapUrls?: readonly string[] | undefined;
}

/** Who the call is for, sent as headers (see the file header). */
export interface WebhookDelivery {
  deliveryId?: string | undefined;
  leadId?: string | undefined;
  attempt?: number | undefined;
}

export interface WebhookResult {
  status: number;
}

export class WebhookError extends Error {
  override name = 'WebhookError';
  constructor(
    /** What went wrong, without the URL (safe for logs): "answered 500", "timed out"… */
    readonly reason: string,
    readonly status?: number,
    /** A 429's wait (Retry-After): the delivery waits it out without spending an attempt. */
    readonly retryAfterMs?: number,
  ) {
    super(reason);
  }
}

export async function postWebhook(
  url: string,
  payload: unknown,
  options: WebhookOptions & WebhookDelivery = {},
): Promise<WebhookResult> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Pilota-Webhooks/1',
  };
  if (options.secret) headers[SIGNATURE_HEADER] = signBody(body, options.secret);
  if (options.deliveryId) headers[DELIVERY_HEADER] = options.deliveryId;
  if (options.leadId) headers[LEAD_HEADER] = options.leadId;
  if (options.attempt) headers[ATTEMPT_HEADER] = String(options.attempt);
  if (options.authorization?.urls.includes(url)) headers['Authorization'] = options.authorization.header;
  const signal = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'error' });
  } catch (error) {
    throw new WebhookError(`failed: ${failureReason(error)}`);
  }
  // The body is not used (SPEC §7), only read so the connection can be reused.
  await drain(response);
  if (response.status === 429) throw new WebhookError('answered 429', 429, rateLimitWaitMs(response.headers));
  if (!response.ok) throw new WebhookError(`answered ${response.status}`, response.status);
  return { status: response.status };
}

function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  // fetch wraps the socket error: "fetch failed" with the useful part in `cause`. A message
  // may quote the URL (fetch's refusal of one with credentials does), hence the sanitizer.
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? safeErrorText(cause?.message ?? error.message);
}

async function drain(response: Response): Promise<void> {
  if (!response.body) return;
  let read = 0;
  try {
    // Leaving the loop early cancels the stream (and closes that one connection).
    for await (const chunk of response.body) {
      read += (chunk as Uint8Array).byteLength;
      if (read > DRAIN_LIMIT_BYTES) break;
    }
  } catch {
    // A receiver that drops the connection mid-body: its status already counts.
  }
}
