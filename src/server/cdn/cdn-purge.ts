/*
 * Emptying Netlify's CDN of pages a change made stale (their tags, ./cdn-cache.ts), through
 * the outbox: the purge is a delivery written in the same transaction as the change, so
 * it is neither lost when the call fails (the delivery engine retries it, with the
 * webhooks' backoff and circuit breaker) nor made for a change that rolled back.
 *
 * It rides the webhook lane: its target is the purge endpoint, and the webhook transport
 * hands rows of the CDN_PURGE_SUBJECT to `purgeCache` of @netlify/functions, which adds
 * the site id and the token Netlify gives every function (SITE_ID,
 * NETLIFY_PURGE_API_TOKEN) — neither is stored in the row. The API's address comes from
 * CDN_PURGE_API_URL when set (tests point it at a stand-in), api.netlify.com otherwise.
 * On the Node target there is no CDN to purge: nothing is queued.
 */
import { purgeCache } from '@netlify/functions';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import type { Transport } from '../transport/transport';
import type { Outbox } from '../outbox/outbox';

/** `deliveries.subject_type` of a purge; its target is the purge endpoint. */
export const CDN_PURGE_SUBJECT = 'cdn-purge';
export const NETLIFY_API_URL = 'https://api.netlify.com';
const PURGE_PATH = '/api/v1/purge';
/** One purge call's longest wait when the webhook lane sets none; a slower API is retried like any failed webhook. */
export const PURGE_TIMEOUT_MS = 10_000;

/** Queues the purge of `tags` inside the caller's transaction (a no-op where there is no CDN). */
export type PurgeTags = (tx: DbOrTx, tags: string[]) => Promise<void>;

export function purgeEndpoint(env: Record<string, string | undefined>): string {
  return `${(env['CDN_PURGE_API_URL'] || NETLIFY_API_URL).replace(/\/+$/, '')}${PURGE_PATH}`;
}

export function cdnPurger(
  deps: { config: Pick<Config, 'deployTarget'>; outbox: Outbox },
  env: Record<string, string | undefined> = process.env,
): PurgeTags {
  if (deps.config.deployTarget !== 'netlify') return () => Promise.resolve();
  const url = purgeEndpoint(env);
  return async (tx, tags) => {
    if (tags.length === 0) return;
    await deps.outbox.enqueueWebhook(tx, url, { cache_tags: [...new Set(tags)] }, { subjectType: CDN_PURGE_SUBJECT });
  };
}

/** A failed purge; its message is a reason safe for logs (the API's status, or what was missing), as a webhook's is. */
export class PurgeError extends Error {
  override name = 'PurgeError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = /status code: (\d{3})/.exec(message)?.[1];
  if (status) return `answered ${status}`;
  if (/token was not found/.test(message)) return 'no NETLIFY_PURGE_API_TOKEN';
  if (/site ID was not found/.test(message)) return 'no SITE_ID';
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' ? code : 'error';
}

async function purge(
  target: string,
  payload: unknown,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<void> {
  const tags = (payload as { cache_tags?: unknown } | null)?.cache_tags;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) throw new PurgeError('no tags');
  const token = env['NETLIFY_PURGE_API_TOKEN'];
  const siteID = env['SITE_ID'];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PurgeError('timed out')), timeoutMs);
  });
  try {
    await Promise.race([
      purgeCache({
        apiURL: target.endsWith(PURGE_PATH) ? target.slice(0, -PURGE_PATH.length) : target,
        tags,
        userAgent: 'pilota-site',
        ...(token ? { token } : {}),
        ...(siteID ? { siteID } : {}),
      }),
      timeout,
    ]);
  } catch (error) {
    throw error instanceof PurgeError ? error : new PurgeError(reasonOf(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The webhook transport, with purge rows sent to Netlify's purge API instead. */
export function withCdnPurge(webhook: Transport, env: Record<string, string | undefined> = process.env): Transport {
  return {
    ...webhook,
    send: async (row) => {
      if (row.subjectType !== CDN_PURGE_SUBJECT) return webhook.send(row);
      await purge(row.target, row.payload, env, webhook.timeoutMs ?? PURGE_TIMEOUT_MS);
      return 'sent';
    },
    describeFailure: (error) =>
      error instanceof PurgeError ? { reason: error.reason, outcome: 'failure' } : webhook.describeFailure(error),
  };
}
