/*
 * The visit-counting service of a runtime (built in src/server/compose.ts): the beacon's
 * ingest (./ingest.ts), the freshness of today's roll-up for the reports (./rollup.ts) and
 * the reports themselves (./visit-report.ts).
 */
import type { ServiceDeps } from '../service-deps';
import type { BeaconShed } from '../http/beacon-shed';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import { createAnalyticsIngest, type AnalyticsIngest } from './ingest';
import { refreshRecent } from './rollup';
import { visitReport, type VisitReport } from './visit-report';
import type { VisitFilters } from '~/lib/visit-report';

/** Roll-ups refreshed within this are fresh: an opened report leaves them be. */
export const FRESH_MS = 5_000;
/**
 * Roll-ups older than this are stale (the minute job is not running here: Netlify, or it
 * failed): an opened report waits for their refresh. Between the two, the report is read at
 * once and the refresh runs behind it — a refresh of a busy day costs more than the page's
 * budget, and the minute job keeps the wait away.
 */
export const STALE_MS = 60_000;

export interface AnalyticsService extends AnalyticsIngest {
  /** The site's host (the configured SITE_URL's): what a pixel's Referer must name to be a page of this site. */
  readonly siteHost: string;
  /**
   * Writes buffered events and refreshes yesterday's and today's roll-ups: at once with
   * `force` (the minute job), else as FRESH_MS and STALE_MS say. Resolves when the report
   * may read (a refresh behind it may still run). Never rejects without `force`.
   */
  freshen(options?: { force?: boolean }): Promise<void>;
  /** /admin/visitas: the period's visits, as the roll-ups have them (call `freshen` first). */
  report(period: { de: string; ate: string }, filters?: VisitFilters): Promise<VisitReport>;
}

export function createAnalyticsService(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'ready' | 'log'> & {
    config: Pick<ServiceDeps['config'], 'deployTarget' | 'siteUrl'> &
      Partial<Pick<ServiceDeps['config'], 'leadRateLimit'>>;
    /** The process's early answer to beacon posts over the budget (./ingest.ts `shed`). */
    shed?: BeaconShed;
  },
): AnalyticsService {
  const log = deps.log ?? componentLogger('analytics');
  const siteHost = new URL(deps.config.siteUrl).host;
  const ingest = createAnalyticsIngest({
    db: deps.db,
    now: deps.now,
    ready: deps.ready,
    log,
    site: siteHost,
    // A Netlify function may be frozen after it answers: nothing buffered would ever be written.
    writeThrough: deps.config.deployTarget === 'netlify',
    // LEAD_RATE_LIMIT=off (tests, benches) turns every per-address limit off, this one too.
    addressLimit: deps.config.leadRateLimit !== null,
    ...(deps.shed ? { shed: deps.shed } : {}),
  });
  let refreshed = 0;
  let running: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (running) return running;
    const at = deps.now().getTime();
    running = ingest
      .flush()
      .then(() => refreshRecent(deps.db, deps.now()))
      .then(() => {
        refreshed = at;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    ...ingest,
    siteHost,
    async freshen({ force = false } = {}) {
      if (force) return refresh();
      const age = deps.now().getTime() - refreshed;
      if (age < FRESH_MS) return;
      const done = refresh().catch((error: unknown) => log.warn(`roll-up refresh failed: ${describeError(error)}`));
      if (age >= STALE_MS) await done;
    },
    report: (period, filters) => visitReport(deps.db, period.de, period.ate, filters),
  };
}
