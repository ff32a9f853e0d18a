/*
 * GET /metrics in Prometheus's text format (version 0.0.4), behind a bearer token:
 * without METRICS_TOKEN the route does not exist (404); a missing or wrong token is a 401.
 *
 * Every value is read from the database when scraped (./delivery-stats.ts), so with several
 * instances any one of them reports the site's totals, and a restart resets nothing. The
 * `_total` series are row counts: they only grow while rows are kept.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { DELIVERY_KINDS, DELIVERY_STATUSES } from '../db/schema/deliveries';
import { NEVER_CACHED } from '../http/cache-control';
import { deliveryStats, submissionCounts } from './delivery-stats';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Compares in constant time (both sides hashed first, so their lengths say nothing either). */
export function tokenMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the request carries the metrics token (`Authorization: Bearer METRICS_TOKEN`): what
 * opens /metrics and the detail of the health probes. Never true without a token configured.
 */
export function carriesMetricsToken(token: string | undefined, authorization: string | null): boolean {
  const given = bearerToken(authorization);
  return token !== undefined && token !== '' && given !== undefined && tokenMatches(given, token);
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | null): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

type Labels = Record<string, string>;

function line(name: string, value: number, labels?: Labels): string {
  const pairs = labels
    ? `{${Object.entries(labels)
        .map(([key, label]) => `${key}="${label.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
        .join(',')}}`
    : '';
  return `${name}${pairs} ${Number.isFinite(value) ? value : 'NaN'}`;
}

function family(name: string, type: 'counter' | 'gauge', help: string, samples: string[]): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples].join('\n');
}

/** The whole exposition, read from the database now. */
export async function renderMetrics(db: DbOrTx): Promise<string> {
  const [deliveries, submissions] = await Promise.all([deliveryStats(db), submissionCounts(db)]);
  const families = [
    family('pilota_leads_accepted_total', 'counter', 'Leads saved.', [
      line('pilota_leads_accepted_total', submissions.leads),
    ]),
    family('pilota_implementation_requests_total', 'counter', 'Implementation requests saved.', [
      line('pilota_implementation_requests_total', submissions.implementationRequests),
    ]),
    family(
      'pilota_deliveries',
      'gauge',
      'Deliveries (e-mails and webhook calls) by kind and state: pending, retrying, sent, logged (no mail transport), failed (gave up).',
      DELIVERY_KINDS.flatMap((kind) =>
        DELIVERY_STATUSES.map((state) =>
          line('pilota_deliveries', deliveries.byKindAndStatus[kind][state], { kind, state }),
        ),
      ),
    ),
    family(
      'pilota_delivery_retries_total',
      'counter',
      'Delivery attempts after the first, by kind.',
      DELIVERY_KINDS.map((kind) => line('pilota_delivery_retries_total', deliveries.retries[kind], { kind })),
    ),
    family(
      'pilota_delivery_oldest_pending_age_seconds',
      'gauge',
      'Age of the oldest delivery not yet delivered nor given up (0 when there is none).',
      [line('pilota_delivery_oldest_pending_age_seconds', Math.round(deliveries.oldestPendingSeconds ?? 0))],
    ),
    family(
      'pilota_delivery_targets_paused',
      'gauge',
      'Delivery targets paused by the circuit breaker, by kind.',
      DELIVERY_KINDS.map((kind) => line('pilota_delivery_targets_paused', deliveries.pausedTargets[kind], { kind })),
    ),
  ];
  return `${families.join('\n')}\n`;
}

/** The route's whole answer (src/pages/metrics.ts). */
export async function metricsResponse(
  db: DbOrTx,
  token: string | undefined,
  authorization: string | null,
): Promise<Response> {
  const headers = { 'Cache-Control': NEVER_CACHED };
  // Without a token the route does not exist: a bare 404, saying nothing about metrics.
  if (!token) return new Response(null, { status: 404 });
  const given = bearerToken(authorization);
  if (given === undefined || !tokenMatches(given, token)) {
    return new Response('Unauthorized\n', {
      status: 401,
      headers: { ...headers, 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"' },
    });
  }
  return new Response(await renderMetrics(db), { headers: { ...headers, 'Content-Type': METRICS_CONTENT_TYPE } });
}
