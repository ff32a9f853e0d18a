/*
 * The shared dependencies a service takes besides its database and queue (src/server/service-deps.ts),
 * built on a test's own database the way src/server/compose.ts builds them for a runtime: the
 * security logger and the public forms' rate limiter; and, for a route under test, the whole
 * runtime its `locals` would carry (`testRuntime`).
 *
 *   const deps = { db: t.db, queue, config, now, ...sharedDeps({ db: t.db, config, now }) };
 *   const locals = { runtime: testRuntime({ db: t.db, stack, config: { siteUrl, authSecret } }) };
 */
import { type Clock, systemClock } from '~/server/clock';
import { composeServices } from '~/server/compose';
import type { Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import type { SendMail } from '~/server/mail';
import { createRateLimiter } from '~/server/rate-limit';
import { createSecurityLogger } from '~/server/security';
import type { ServiceDeps } from '~/server/service-deps';
import type { Logger } from '~/server/log/logger';
import type { DeliveryStack } from './deliveries';

export interface SharedDepsInput {
  db: Db;
  config: Partial<Pick<Config, 'leadRateLimit' | 'authSecret'>>;
  now?: Clock | undefined;
  /** Where failures to record a security event go (a service's `log`). */
  log?: Logger | undefined;
  ready?: () => boolean;
}

export function sharedDeps({
  db,
  config,
  now = systemClock,
  log,
  ready = () => true,
}: SharedDepsInput): Pick<ServiceDeps, 'security' | 'rateLimits' | 'now'> {
  return {
    security: createSecurityLogger({ db, secret: config.authSecret ?? '', now, ...(log ? { log } : {}) }),
    rateLimits: createRateLimiter({
      db,
      config: { leadRateLimit: config.leadRateLimit ?? null, authSecret: config.authSecret },
      now,
      ready,
    }),
    now,
  };
}

export interface TestRuntimeInput {
  db: Db;
  /** The test's queue, outbox and delivery engine (scripts/support/deliveries.ts). */
  stack: Pick<DeliveryStack, 'queue' | 'outbox' | 'delivery'>;
  /** The settings the test's routes read; the rest of Config is left out. */
  config: Partial<Config>;
  now?: Clock;
  sendMail?: SendMail;
}

/**
 * What the middleware puts in `locals.runtime` for a route under test: every service of
 * the composition root (src/server/compose.ts), on the test's database and queue.
 */
export function testRuntime({ db, stack, config, now = systemClock, sendMail }: TestRuntimeInput) {
  return composeServices({
    config: config as Config,
    db,
    queue: stack.queue,
    outbox: stack.outbox,
    delivery: stack.delivery,
    sendMail: sendMail ?? (async () => ({ transport: 'log' })),
    now,
    ready: () => true,
  });
}
