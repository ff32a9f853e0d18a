/*
 * A backlog larger than one scheduled run: the every-minute drain stops taking jobs
 * after ~10 s, which at the engine's pace is thousands of deliveries; past that, waiting a
 * minute per slice would hold a campaign's leads for many minutes. So a run that stops at its
 * deadline asks Netlify's background function (netlify/jobs/drain-background.mts, up to
 * 15 minutes) to go on. Only one such run is started per BACKLOG_DRAIN_WINDOW_MS across all
 * instances (a claim in rate_limits), so a long backlog does not pile up a dozen of them; jobs
 * are taken with SKIP LOCKED either way, so overlaps never send one job twice.
 *
 * The background function is reachable by URL like any function, so the request carries a
 * token derived from AUTH_SECRET; anything else is refused before the database is touched.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { hitRateLimit } from '../rate-limit';

export const BACKLOG_FUNCTION_PATH = '/.netlify/jobs/drain-background';
export const BACKLOG_TOKEN_HEADER = 'X-Pilota-Drain-Token';
/** Netlify ends a background function after 15 minutes; its run stops taking jobs well before. */
export const BACKLOG_DRAIN_BUDGET_MS = 12 * 60_000;
/** At most one background run per window: its budget plus the attempt timeout's margin. */
export const BACKLOG_DRAIN_WINDOW_MS = BACKLOG_DRAIN_BUDGET_MS + 60_000;

const CLAIM_KEY = 'drain-background';

/** The token a background drain request must carry: a keyed hash, never the secret itself. */
export function backlogToken(authSecret: string): string {
  return createHmac('sha256', authSecret).update('pilota:drain-background').digest('hex');
}

/** Whether `presented` is this site's token (constant-time). */
export function isBacklogToken(authSecret: string, presented: string | null): boolean {
  if (!presented) return false;
  const expected = Buffer.from(backlogToken(authSecret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type BacklogRequest = 'started' | 'already-running' | 'refused';

/**
 * Starts the background drain unless one was started within the window. `siteUrl` is the
 * deploy's own address (Netlify's URL); Netlify answers a background function at once (202).
 */
export async function requestBacklogDrain(deps: {
  db: DbOrTx;
  siteUrl: string;
  authSecret: string;
  now: Date;
}): Promise<BacklogRequest> {
  const claimed = await hitRateLimit(deps.db, CLAIM_KEY, { count: 1, windowMs: BACKLOG_DRAIN_WINDOW_MS }, deps.now);
  if (!claimed) return 'already-running';
  try {
    const response = await fetch(new URL(BACKLOG_FUNCTION_PATH, deps.siteUrl), {
      method: 'POST',
      headers: { [BACKLOG_TOKEN_HEADER]: backlogToken(deps.authSecret) },
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
    return response.ok ? 'started' : 'refused';
  } catch {
    // Unreachable: the next scheduled run goes on with the backlog, a minute later.
    return 'refused';
  }
}
