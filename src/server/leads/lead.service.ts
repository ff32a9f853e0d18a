/*
 * Creating a lead: persist first, then notify (DESIGN.md "Flows").
 *
 * One transaction inserts the `contatos` row and queues the team e-mail and one
 * webhook call per LEAD_WEBHOOK_URLS entry; the submission key makes a double
 * submit or a retry return the first lead instead of creating a second. If the
 * database cannot be reached the lead goes to the spool file and is delivered
 * directly; `replaySpool` saves it (once) when the database is back.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LeadInput } from '~/lib/validation/lead';
import { HONEYPOT_FIELD } from '~/lib/validation/lead';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { contatos, deliveries } from '../db/schema';
import type { DeliveryMeta, JobQueue } from '../jobs/queue';
import type { SendMail } from '../mail';
import { postWebhook } from '../webhooks';
import { buildLeadEmail, leadWebhookBody } from './lead-email';
import { toLeadRecord, type LeadRecord } from './lead-record';
import { hitRateLimit } from './rate-limit';
import { appendToSpool, drainSpool, type SpoolEntry } from './spool';

export interface LeadServiceDeps {
  db: Db;
  queue: Pick<JobQueue, 'enqueueMail' | 'enqueueWebhook'>;
  /** Used directly only in degraded mode; normally the queue sends. */
  sendMail: SendMail;
  config: Pick<
    Config,
    'dataDir' | 'leadNotifyTo' | 'leadWebhookUrls' | 'webhookSecret' | 'leadRateLimit' | 'authSecret'
  >;
  now?: () => Date;
  log?: (line: string) => void;
  /** Degraded mode's direct webhook calls; default 10 s. */
  webhookTimeoutMs?: number;
}

/** Who sent it, as the action sees the request. */
export interface LeadRequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type LeadResult =
  /** Saved (or already saved under this submission key: `duplicate`). */
  | { status: 'saved'; id: string; duplicate: boolean }
  /** Database unreachable: spooled; `mailed` tells whether the team e-mail went out directly. */
  | { status: 'spooled'; id: string; mailed: boolean }
  | { status: 'rate_limited' }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { status: 'ignored' };

const SUBJECT = 'lead';

/** A short keyed hash of the client IP: stable for rate limiting, useless for identifying anyone. */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex').slice(0, 32);
}

export async function createLead(input: LeadInput, request: LeadRequestMeta, deps: LeadServiceDeps): Promise<LeadResult> {
  if (input[HONEYPOT_FIELD]?.trim()) return { status: 'ignored' };
  const now = (deps.now ?? (() => new Date()))();
  const ipHash = request.ip ? hashIp(request.ip, deps.config.authSecret ?? '') : null;

  if (deps.config.leadRateLimit) {
    try {
      const allowed = await hitRateLimit(deps.db, `lead:${ipHash ?? 'unknown'}`, deps.config.leadRateLimit, now);
      if (!allowed) return { status: 'rate_limited' };
    } catch {
      // Database unreachable: fail open, the lead matters more (it goes to the spool below).
    }
  }

  const lead = toLeadRecord(input, {
    id: randomUUID(),
    now,
    submissionKey: input.submission_key || randomUUID(),
    ipHash,
    userAgent: request.userAgent ?? null,
  });

  try {
    const saved = await saveLead(lead, new Set(), deps);
    return { status: 'saved', ...saved };
  } catch (error) {
    (deps.log ?? console.error)(`[leads] database unavailable, spooling lead ${lead.id}: ${(error as Error).message}`);
    return deliverDirectly(lead, deps);
  }
}

/**
 * The one transaction: the row, then one queued delivery per target, except
 * targets already reached directly in degraded mode (recorded as sent).
 */
async function saveLead(
  lead: LeadRecord,
  alreadyDelivered: Set<string>,
  deps: LeadServiceDeps,
): Promise<{ id: string; duplicate: boolean }> {
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contatos)
      .values(lead)
      .onConflictDoNothing({ target: contatos.submissionKey })
      .returning({ id: contatos.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ id: contatos.id })
        .from(contatos)
        .where(eq(contatos.submissionKey, lead.submissionKey));
      return { id: existing!.id, duplicate: true };
    }
    const meta: DeliveryMeta = { subjectType: SUBJECT, subjectId: lead.id };
    const email = buildLeadEmail(lead, deps.config.leadNotifyTo);
    const body = leadWebhookBody(lead);
    const recordSent = (kind: 'email' | 'webhook', target: string, payload: object) =>
      tx.insert(deliveries).values({
        id: randomUUID(),
        kind,
        target,
        subjectType: SUBJECT,
        subjectId: lead.id,
        payload,
        status: 'sent',
        attempts: 1,
        lastAttemptAt: lead.createdAt,
        deliveredAt: lead.createdAt,
      });

    if (alreadyDelivered.has(`email ${email.to as string}`)) await recordSent('email', email.to as string, email);
    else await deps.queue.enqueueMail(tx, email, meta);
    for (const url of deps.config.leadWebhookUrls) {
      if (alreadyDelivered.has(`webhook ${url}`)) await recordSent('webhook', url, body);
      else await deps.queue.enqueueWebhook(tx, url, body, meta);
    }
    return { id: lead.id, duplicate: false };
  });
}

/** Degraded mode: spool first (the lead is safe on disk), then send without the queue. */
async function deliverDirectly(lead: LeadRecord, deps: LeadServiceDeps): Promise<LeadResult> {
  const { dataDir } = deps.config;
  const log = deps.log ?? console.error;
  await appendToSpool(dataDir, [{ type: 'lead', lead }]);
  const delivered = (kind: 'email' | 'webhook', target: string): SpoolEntry => ({
    type: 'delivered',
    submissionKey: lead.submissionKey,
    kind,
    target,
    at: new Date().toISOString(),
  });

  // Webhooks run in the background: a slow receiver must not keep the visitor waiting.
  const body = leadWebhookBody(lead);
  for (const url of deps.config.leadWebhookUrls) {
    void postWebhook(url, body, {
      secret: deps.config.webhookSecret,
      ...(deps.webhookTimeoutMs ? { timeoutMs: deps.webhookTimeoutMs } : {}),
    })
      .then(() => appendToSpool(dataDir, [delivered('webhook', url)]))
      .catch((error: Error) => log(`[leads] direct webhook to ${url} failed: ${error.message}`));
  }

  const email = buildLeadEmail(lead, deps.config.leadNotifyTo);
  let mailed = false;
  try {
    await deps.sendMail(email);
    mailed = true;
    await appendToSpool(dataDir, [delivered('email', email.to as string)]);
  } catch (error) {
    log(`[leads] direct e-mail for lead ${lead.id} failed: ${(error as Error).message}`);
  }
  return { status: 'spooled', id: lead.id, mailed };
}

/**
 * Saves every spooled lead (a lead already in the table is skipped by its
 * submission key) and queues the deliveries that did not go out directly.
 * Returns how many spooled leads were processed.
 */
export async function replaySpool(deps: LeadServiceDeps): Promise<number> {
  return drainSpool(deps.config.dataDir, async (entries) => {
    const done = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (entry.type !== 'delivered') continue;
      const set = done.get(entry.submissionKey) ?? new Set<string>();
      set.add(`${entry.kind} ${entry.target}`);
      done.set(entry.submissionKey, set);
    }
    for (const entry of entries) {
      if (entry.type === 'lead') await saveLead(entry.lead, done.get(entry.lead.submissionKey) ?? new Set(), deps);
    }
  });
}
