/*
 * The composition root: every service of a runtime is built here, once, from the
 * configuration and the database, and handed out as one Runtime object
 * (src/server/runtime-types.ts) — to routes and actions as `Astro.locals.runtime`
 * (src/middleware.ts), to features as their hooks' argument. No service builds another
 * or keeps module-level state; a service needing something takes it here as
 * `Pick<ServiceDeps, …>` (src/server/service-deps.ts).
 *
 * src/server/runtime.ts boots it (lock, migrations, queue, features); tests build the same
 * set on their own database and queue with `composeServices`.
 */
import { createDashboardService } from './admin/dashboard.service';
import { createAnalyticsService } from './analytics/analytics.service';
import { createAuth } from './auth/auth';
import { createTeamService } from './auth/team.service';
import { createBlogService } from './blog/blog.service';
import type { Config } from './config';
import { createCookieConsentService } from './cookie-consent/cookie-consent.service';
import type { DatabaseHandle } from './db/client';
import { processBeaconShed, type BeaconShed } from './http/beacon-shed';
import { createDeliveriesService } from './delivery/deliveries.service';
import { createDeliveries } from './delivery/feature';
import { alertMisconfigured } from './ops/config-alert';
import { deliverySettingsFor } from './delivery/settings';
import { createImplementationService } from './implementation/implementation.service';
import { createExportSlots } from './inbox/export-slots';
import { createInboxService } from './inbox/inbox.service';
import { JobQueue } from './jobs/queue';
import { blobSpool } from './leads/blob-spool';
import { createLeadService } from './leads/lead.service';
import { createDsrService } from './lgpd/dsr.service';
import { createLgpdService } from './lgpd/lgpd.service';
import { componentLogger } from './log/logger';
import { createOpsService } from './ops/ops.service';
import { createMailer } from './mail';
import { createRateLimiter } from './rate-limit';
import type { Runtime } from './runtime-types';
import { createSecurityLogger } from './security';
import type { ServiceDeps } from './service-deps';
import { zapAuthorization } from './webhooks/zap';
import { systemClock } from './clock';

/** What the services are built on: a database, its queue and outbox, a mailer, a clock and the settings. */
export type ServiceBase = Pick<
  ServiceDeps,
  'config' | 'db' | 'queue' | 'outbox' | 'delivery' | 'sendMail' | 'now' | 'ready'
> & {
  /** The process's early answer to beacon posts over the budget (src/server/http/beacon-shed.ts): a server's, not a test's. */
  beaconShed?: BeaconShed;
};

/** Builds every service of one runtime on `base` (all but the probes, `ops`, which need the database handle). */
export function composeServices(base: ServiceBase): Omit<Runtime, 'database' | 'stop' | 'ops'> {
  const { beaconShed, ...rest } = base;
  const { config, db, now } = rest;
  const security = createSecurityLogger({ db, secret: config.authSecret ?? '', now });
  const rateLimits = createRateLimiter({ db, config, now, ready: base.ready });
  const deps: Omit<ServiceDeps, 'log'> = { ...rest, security, rateLimits };
  return {
    ...deps,
    auth: createAuth(deps),
    // A function's disk outlives no invocation: on Netlify degraded mode keeps leads in Blobs.
    leads: createLeadService(config.deployTarget === 'netlify' ? { ...deps, spool: blobSpool() } : deps),
    implementation: createImplementationService(deps),
    dsr: createDsrService(deps),
    lgpd: createLgpdService(deps),
    team: createTeamService(deps),
    blog: createBlogService(deps),
    cookieConsent: createCookieConsentService(deps),
    exportSlots: createExportSlots(),
    inbox: createInboxService(deps),
    analytics: createAnalyticsService(beaconShed ? { ...deps, shed: beaconShed } : deps),
    dashboard: createDashboardService(deps),
    deliveries: createDeliveriesService(deps),
  };
}

export interface ComposeOptions {
  /** Whether the database is reachable and migrated yet (the Node boot retries in the background). */
  ready: () => boolean;
  /** pg-boss's cron (the daily retention job, src/server/lgpd/feature.ts): only in a long-lived process. */
  cron?: boolean;
}

/** The runtime's parts from the configuration and the database: mailer, queue, outbox, deliveries and every service. */
export function composeRuntime(
  config: Config,
  database: DatabaseHandle,
  options: ComposeOptions,
): Omit<Runtime, 'stop'> {
  const sendMail = createMailer(config, componentLogger('mail'));
  // pg-boss's own errors are logged under the deliveries' component, where queue trouble is looked for.
  const deliveryLog = componentLogger('deliveries');
  const settings = deliverySettingsFor(config.deliveryTiming);
  const queue = new JobQueue(database, {
    cron: options.cron ?? false,
    log: deliveryLog,
    // An attempt cut off by a killed server is retried within about one expiry, not up to a minute later.
    superviseIntervalSeconds: Math.min(60, settings.expireInSeconds),
  });
  const { outbox, delivery } = createDeliveries(database, queue, {
    sendMail,
    webhook: {
      secret: config.webhookSecret,
      authorization: zapAuthorization(config.leadWebhookZapUrls, config.leadWebhookZap),
      zapUrls: config.leadWebhookZapUrls,
    },
    connectors: config.connectors,
    settings,
    log: deliveryLog,
    onMisconfigured: async (failure) => void (await alertMisconfigured({ db: database.db, sendMail, config }, failure)),
  });
  const services = composeServices({
    config,
    db: database.db,
    queue,
    outbox,
    delivery,
    sendMail,
    now: systemClock,
    ready: options.ready,
    beaconShed: processBeaconShed(),
  });
  // The probes report the database engine, known only here.
  return { ...services, database, ops: createOpsService({ ...services, database }) };
}
