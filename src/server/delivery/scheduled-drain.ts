/*
 * One delivery run for hosts without a long-lived process: Netlify's scheduled function
 * (netlify/jobs/drain.mts) calls this every minute.
 *
 * Boots only what delivering needs, for the Netlify target (DATABASE_URL through the
 * transaction-mode pooler, no disk, no migrations: a deploy installs the app's and
 * pg-boss's schema): the job queue with the outbox and the delivery service registered, the
 * engine's lanes off (`workers: false`). Starting the queue creates or updates the delivery
 * queues, idempotently, and the outbox moves undispatched `deliveries` rows into pg-boss; then it
 * delivers what is due until the budget is nearly spent, runs pg-boss maintenance (expired
 * attempts retried, old jobs archived), and stops. Jobs still due when it stops are taken by
 * the next run; an attempt cut by the function's end is retried by pg-boss after
 * `expireInSeconds`, as on Node. Pg-boss fetches with SKIP LOCKED, so overlapping runs never
 * deliver one job twice. Each run also checks for failed deliveries and a stuck backlog and
 * mails the team's alert when one is due (src/server/ops/alerts.ts).
 */
import { parseConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { describeError } from '../describe-error';
import { JobQueue } from '../jobs/queue';
import { hasBlobsContext } from '../leads/blob-spool';
import { componentLogger, type Logger } from '../log/logger';
import { createMailer } from '../mail';
import { checkDeliveryAlerts } from '../ops/alerts';
import { alertMisconfigured } from '../ops/config-alert';
import { requestBacklogDrain, type BacklogRequest } from './backlog-drain';
import type { DrainResult } from './engine';
import { createDeliveries, registerDeliveries } from './feature';
import { deliverySettingsFor, type DeliverySettings } from './settings';
import { zapAuthorization } from '../webhooks/zap';
import { systemClock } from '../clock';

/** Netlify ends a scheduled function after 30 s; the run stops taking jobs well before. */
export const SCHEDULED_DRAIN_BUDGET_MS = 20_000;

export interface ScheduledDrainOptions {
  /**
   * The whole run's budget from the call, start-up included: no attempt starts later than
   * one attempt's timeout before it (default SCHEDULED_DRAIN_BUDGET_MS).
   */
  deadlineMs?: number;
  /** Delivery policy (tests shorten retries); the production defaults otherwise. */
  settings?: DeliverySettings;
  /** Webhook attempt timeout (default WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs?: number;
  /** Where every line of the run goes (tests capture or silence it); each part's component logger otherwise. */
  log?: Logger;
  /**
   * When the run stops at its deadline with work left, start the background drain
   * (src/server/delivery/backlog-drain.ts). The every-minute function asks for it; the
   * background run itself does not (the next scheduled run does, once its window is over).
   */
  continueInBackground?: boolean;
  /**
   * pg-boss maintenance and the team's alert checks after delivering (default true). The
   * run right after a request (./immediate-delivery.ts) leaves them to the scheduled one.
   */
  upkeep?: boolean;
}

export interface ScheduledDrainResult extends DrainResult {
  /** Wall time of the whole run. */
  elapsedMs: number;
  /** Whether pg-boss maintenance ran (skipped when the budget was already spent). */
  maintained: boolean;
  /** What became of the request for a background drain, when the run left work behind. */
  backlog?: BacklogRequest;
  /** Leads kept in Netlify Blobs while the database was down, saved by this run. */
  replayed: number;
}

/** The configuration of the Netlify target, whatever the run-time environment says about it. */
export function scheduledDrainConfig(env: Record<string, string | undefined>): Config {
  return parseConfig({ ...env, DEPLOY_TARGET: 'netlify' });
}

/**
 * One bounded delivery run. Throws ConfigError (naming the missing variables) before
 * touching the database; logs counts only, never addresses, URLs or lead data.
 */
export async function runScheduledDrain(
  env: Record<string, string | undefined>,
  options: ScheduledDrainOptions = {},
): Promise<ScheduledDrainResult> {
  const startedAt = Date.now();
  const budget = options.deadlineMs ?? SCHEDULED_DRAIN_BUDGET_MS;
  const logOf = (component: string) => options.log ?? componentLogger(component);
  const log = logOf('drain');
  const config = scheduledDrainConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  const sendMail = createMailer(config, logOf('mail'));
  const queue = new JobQueue(database, { log: logOf('jobs') });
  const deliveries = createDeliveries(database, queue, {
    sendMail,
    webhook: {
      secret: config.webhookSecret,
      authorization: zapAuthorization(config.leadWebhookZapUrls, config.leadWebhookZap),
      zapUrls: config.leadWebhookZapUrls,
      ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
    },
    connectors: config.connectors,
    settings: options.settings ?? deliverySettingsFor(config.deliveryTiming),
    log: logOf('deliveries'),
    purgeEnv: env,
    workers: false,
    onMisconfigured: async (failure) => void (await alertMisconfigured({ db: database.db, sendMail, config }, failure)),
  });
  registerDeliveries(deliveries, queue);
  try {
    await queue.start();
    // Leads kept while the database was away are saved first, so this run delivers them too.
    let replayed = 0;
    if ((options.upkeep ?? true) && hasBlobsContext(env)) {
      const { replayBlobSpool } = await import('../leads/spool-replay');
      replayed = await replayBlobSpool({
        db: database.db,
        config,
        outbox: deliveries.outbox,
        sendMail,
        log: logOf('leads'),
      }).catch((error: unknown) => {
        log.info(`spool replay: ${describeError(error)}`);
        return 0;
      });
      if (replayed > 0) {
        log.info(`${replayed} lead(s) kept while the database was down saved`);
        await deliveries.outbox.dispatch();
      }
    }
    const result = await deliveries.delivery.drainDue({ deadlineMs: Math.max(0, budget - (Date.now() - startedAt)) });
    let backlog: BacklogRequest | undefined;
    if (options.continueInBackground && result.stoppedBy === 'deadline') {
      backlog = await requestBacklogDrain({
        db: database.db,
        siteUrl: config.siteUrl,
        authSecret: config.authSecret ?? '',
        now: systemClock(),
      }).catch((error: unknown) => {
        log.info(`background drain request: ${describeError(error)}`);
        return 'refused' as const;
      });
      log.info(`work left at the deadline; background drain: ${backlog}`);
    }
    let maintained = false;
    const upkeep = options.upkeep ?? true;
    if (upkeep && Date.now() - startedAt < budget) {
      try {
        await queue.boss.supervise();
        maintained = true;
      } catch (error) {
        log.info(`pg-boss maintenance: ${describeError(error)}`);
      }
    }
    // The alert checks of a long-lived server (src/server/ops/alerts.ts), once per run here.
    if (upkeep && Date.now() - startedAt < budget) await checkDeliveryAlerts({ db: database.db, sendMail, config });
    const elapsedMs = Date.now() - startedAt;
    log.info(
      `${result.attempted} attempted, ${result.delivered} delivered, ${result.failed} failed` +
        ` (stopped: ${result.stoppedBy}; maintenance ${maintained ? 'done' : 'skipped'}) in ${elapsedMs} ms`,
    );
    return { ...result, elapsedMs, maintained, replayed, ...(backlog ? { backlog } : {}) };
  } finally {
    await queue.stop(5_000).catch((error: unknown) => log.info(`queue stop: ${describeError(error)}`));
    await database.close().catch(() => undefined);
  }
}
