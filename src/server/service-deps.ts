/*
 * The one shape every service takes its dependencies in. A service names the part it
 * needs as `Pick<ServiceDeps, …>` (narrowing `config` to the settings it reads), receives
 * it once — when src/server/compose.ts builds it, or as the `deps` argument of a stateless
 * function — and never imports the runtime. Values of one request (the client address,
 * the signed-in user) are arguments of the call, never deps: a service is built once per
 * process and shared by every request.
 *
 * Inside a feature, a stateless function takes the same named fields as one object, e.g.
 * `{ db, now }`, from the service whose verb calls it; routes never call those functions
 * themselves but the verbs (`Astro.locals.runtime.blog.listPage(…)`).
 *
 * Tests build these from tests/support/db.ts and scripts/support/service-deps.ts, or the
 * whole set with `composeServices`.
 * A type-only leaf: it imports no service, so no service's import of it can close a circle.
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { DeliveryService } from './delivery/delivery.service';
import type { JobQueue } from './jobs/queue';
import type { SendMail } from './mail';
import type { Outbox } from './outbox/outbox';
import type { RateLimiter } from './rate-limit';
import type { SecurityLogger } from './security';
import type { Logger } from './log/logger';
import type { Clock } from './clock';

export interface ServiceDeps {
  config: Config;
  db: Db;
  /** pg-boss: features define their workers on it (src/server/jobs/queue.ts). */
  queue: JobQueue;
  /** Where e-mails and webhook calls are queued, inside the caller's transaction (src/server/outbox). */
  outbox: Outbox;
  /** The delivery engine: bounded drains, paused targets (src/server/delivery). */
  delivery: DeliveryService;
  /** Direct sending, only where the outbox cannot be used (degraded mode, alerts). */
  sendMail: SendMail;
  /** Security events (table security_events and the log), keyed with AUTH_SECRET. */
  security: SecurityLogger;
  /** The public forms' per-address limit (LEAD_RATE_LIMIT), one counter per form. */
  rateLimits: RateLimiter;
  now: Clock;
  /** False while the database cannot be reached (PostgreSQL down at start). */
  ready: () => boolean;
  /** Where a service's lines go; absent, its own component logger (componentLogger('leads') …). Tests capture them. */
  log?: Logger;
}
