/*
 * Deliveries as a feature of the runtime (registered in src/server/runtime.ts): the outbox
 * services write into (src/server/outbox) and the engine that sends what it holds through
 * its transports (src/server/mail/transport.ts, src/server/webhooks/transport.ts, and the
 * connectors' src/server/connectors/transports.ts),
 * built once on the database and the job queue, then registered with the queue like any
 * other feature's workers. The scheduled drain, the delivery benchmark and the tests build
 * the same pair with `createDeliveries` and `registerDeliveries`.
 */
import type { DatabaseHandle } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { componentLogger, type Logger } from '../log/logger';
import type { SendMail } from '../mail';
import { mailTransport } from '../mail/transport';
import { Outbox } from '../outbox/outbox';
import { EMBEDDED_JOB_SPACING_MS } from '../outbox/pacer';
import { withCdnPurge } from '../cdn/cdn-purge';
import type { Feature } from '../runtime-types';
import type { ConnectorsConfig } from '../connectors/config';
import { connectorTransports, type ConnectorOptions } from '../connectors/transports';
import type { WebhookOptions } from '../webhooks';
import { webhookTransport } from '../webhooks/transport';
import { DeliveryService, type DeliveryServiceDeps } from './delivery.service';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './settings';
import { type Clock, systemClock } from '../clock';

export interface DeliveryDeps {
  sendMail: SendMail;
  webhook?: WebhookOptions | undefined;
  /** The configured connectors (config.connectors); none when absent. */
  connectors?: ConnectorsConfig | undefined;
  /** Connector attempt budget (tests shorten it). */
  connectorOptions?: ConnectorOptions | undefined;
  settings?: DeliverySettings | undefined;
  now?: Clock;
  log?: Logger;
  /** Where a CDN purge finds Netlify's site id and token (default process.env; ../cdn/cdn-purge.ts). */
  purgeEnv?: Record<string, string | undefined> | undefined;
  /** Deliver continuously while the queue runs (default). Off: only `delivery.drainDue` delivers. */
  workers?: boolean | undefined;
  /** The team's alert when a delivery fails for a configuration error (src/server/ops/config-alert.ts). */
  onMisconfigured?: DeliveryServiceDeps['onMisconfigured'];
}

export interface Deliveries {
  outbox: Outbox;
  delivery: DeliveryService;
}

/** The outbox and the delivery service on `handle`'s database and `queue`'s pg-boss (not yet registered). */
export function createDeliveries(handle: DatabaseHandle, queue: JobQueue, deps: DeliveryDeps): Deliveries {
  const settings = deps.settings ?? DEFAULT_DELIVERY_SETTINGS;
  const now = deps.now ?? systemClock;
  const log = deps.log ?? componentLogger('deliveries');
  const outbox = new Outbox({
    db: handle.db,
    boss: queue.boss,
    now,
    log,
    jobSpacingMs: settings.jobSpacingMs ?? (handle.kind === 'pglite' ? EMBEDDED_JOB_SPACING_MS : 0),
    dispatchIntervalMs: settings.dispatchIntervalMs,
  });
  const delivery = new DeliveryService({
    db: handle.db,
    boss: queue.boss,
    outbox,
    transports: {
      email: mailTransport(deps.sendMail),
      webhook: withCdnPurge(webhookTransport(deps.webhook), deps.purgeEnv),
      ...connectorTransports(deps.connectors ?? {}, deps.connectorOptions),
    },
    settings,
    now,
    log,
    workers: deps.workers,
    onMisconfigured: deps.onMisconfigured,
  });
  return { outbox, delivery };
}

/** Dispatching, then delivering, while `queue` runs; call before `queue.start()`. */
export function registerDeliveries({ outbox, delivery }: Deliveries, queue: JobQueue): void {
  outbox.register(queue);
  delivery.register(queue);
}

export const deliveryFeature: Feature = {
  name: 'deliveries',
  setup: (runtime) => registerDeliveries(runtime, runtime.queue),
};
