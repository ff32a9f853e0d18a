/*
 * Degraded mode, while the database cannot be reached: the lead is kept in the spool (a
 * file, or Netlify Blobs on Netlify), within its caps (./spool-limits.ts); once the database
 * answers, the replay saves each spooled lead once and queues only what did not go out directly.
 *
 * Direct deliveries (without the queue) are bounded too: only the first lead of each clock
 * minute is e-mailed to the team and posted to the webhooks at once (per instance on Node;
 * across instances on Netlify, through the spool's `claimMinute`), its e-mail saying how many
 * leads the spool holds. The others of that minute wait in the spool and go out through the
 * queue after the replay, so a flood during an outage sends the team one e-mail a minute, not
 * one per post.
 */
import type { Config } from '../config';
import { databaseErrorKind } from '../db/errors';
import type { LeadRecord } from '../db/schema/leads';
import { safeErrorText } from '~/lib/error-text';
import { describeError } from '../describe-error';
import type { SendMail } from '../mail';
import type { SecurityLogger } from '../security';
import { postWebhook, webhookDeliveryId } from '../webhooks';
import { buildLeadEmail, leadWebhookBody } from './lead-email';
import type { LeadWriter } from './lead-write';
import { fileSpool, type LeadSpool, type SpoolEntry } from './spool';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

export interface DegradedModeDeps {
  sendMail: SendMail;
  now: Clock;
  security: SecurityLogger;
  config: Pick<Config, 'dataDir' | 'leadNotifyTo' | 'leadWebhookUrls' | 'webhookSecret'> &
    Partial<Pick<Config, 'deployTarget'>>;
  webhookTimeoutMs?: number;
  spool?: LeadSpool | undefined;
}

/** The spool a lead service keeps: the one it was given, else DATA_DIR's file (none on Netlify). */
export function spoolFor(deps: Pick<DegradedModeDeps, 'spool' | 'config'>): LeadSpool | undefined {
  return deps.spool ?? (deps.config.deployTarget === 'netlify' ? undefined : fileSpool(deps.config.dataDir));
}

/** A lead the database refused is a gap in validation or a crafted request: someone should look. */
export async function alertRejected(
  id: string,
  error: unknown,
  source: string,
  deps: Pick<DegradedModeDeps, 'security'>,
  keptIn?: string,
) {
  await deps.security.log({
    type: 'lead_rejected',
    source,
    details: { lead_id: id, error: describeError(error), ...(keptIn ? { kept_in: keptIn } : {}) },
  });
}

/** Who may deliver directly now (see the module): the first lead of each clock minute. */
export interface DirectDeliveryGate {
  /** True for the first call in `at`'s clock minute (across instances when the spool can tell). */
  claim(at: Date): Promise<boolean>;
}

/** The gate of one lead service: this process remembers its minute; a shared spool decides between instances. */
export function directDeliveryGate(spool: LeadSpool | undefined): DirectDeliveryGate {
  let lastMinute: number | undefined;
  return {
    claim: async (at) => {
      const minute = Math.floor(at.getTime() / 60_000);
      if (minute === lastMinute) return false;
      lastMinute = minute;
      // Blobs out of reach too: this instance's own minute is the bound.
      return spool?.claimMinute ? spool.claimMinute(minute).catch(() => true) : true;
    },
  };
}

/** What degraded mode did with a lead. */
export type DegradedOutcome =
  /** `kept`: in the spool, saved at the replay; `mailed`: the team's e-mail went out at once. */
  | { status: 'spooled'; id: string; kept: boolean; mailed: boolean }
  /** A cap of the spool was reached (./spool-limits.ts): nothing kept or sent. */
  | { status: 'spool_full' };

/**
 * Degraded mode: spool first (the lead is safe on disk, or in Netlify Blobs on Netlify, where
 * a function's disk lasts one invocation), then, if `gate` lets it, send without the queue.
 * On Netlify a spool that cannot be reached either does not stop the direct e-mail; a lead
 * neither kept nor e-mailed is lost, and the visitor is told to try again.
 */
export async function deliverDirectly(
  lead: LeadRecord,
  deps: DegradedModeDeps,
  gate: DirectDeliveryGate,
  log: Logger,
): Promise<DegradedOutcome> {
  const spool = spoolFor(deps);
  let held: number | undefined;
  if (spool) {
    try {
      const room = await spool.keep(lead);
      if (!room.kept) {
        log.warn(
          `spool full (${room.full === 'client' ? "the lead's client's cap" : 'total cap'}): lead ${lead.id} not kept`,
        );
        return { status: 'spool_full' };
      }
      held = room.held;
    } catch (error) {
      // On Node the spool is the promise that the lead is safe: without it the visitor must know.
      if (deps.config.deployTarget !== 'netlify') throw error;
      log.error(`lead ${lead.id} could not be kept in the spool: ${describeError(error)}`);
    }
  }
  const kept = held !== undefined;
  if (!(await gate.claim(deps.now()))) return { status: 'spooled', id: lead.id, kept, mailed: false };
  const keep = (entries: SpoolEntry[]) => (kept ? spool!.append(entries) : Promise.resolve());
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
      deliveryId: webhookDeliveryId(lead.id, url),
      leadId: lead.id,
      ...(deps.webhookTimeoutMs ? { timeoutMs: deps.webhookTimeoutMs } : {}),
    })
      .then(() => keep([delivered('webhook', url)]))
      .catch((error: unknown) =>
        log.error(`direct webhook to ${safeErrorText(url)} for lead ${lead.id} failed: ${describeError(error)}`),
      );
  }

  const email = buildLeadEmail(lead, deps.config.leadNotifyTo, held);
  let mailed = false;
  try {
    await deps.sendMail(email);
    mailed = true;
    await keep([delivered('email', email.to as string)]);
  } catch (error) {
    log.error(`direct e-mail for lead ${lead.id} failed: ${describeError(error)}`);
  }
  return { status: 'spooled', id: lead.id, kept, mailed };
}

/** Saves the spooled leads through the group-commit writer; returns how many were saved. */
export async function replaySpool(deps: DegradedModeDeps, writer: LeadWriter, log: Logger): Promise<number> {
  let saved = 0;
  const spool = spoolFor(deps);
  if (!spool) return 0;
  await spool.drain(async (entries) => {
    const done = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (entry.type !== 'delivered') continue;
      const set = done.get(entry.submissionKey) ?? new Set<string>();
      set.add(`${entry.kind} ${entry.target}`);
      done.set(entry.submissionKey, set);
    }
    const leads = entries.flatMap((entry) => (entry.type === 'lead' ? [entry.lead] : []));
    // Together, so group commit batches them; a failed group is retried lead by lead.
    const results = await Promise.allSettled(
      leads.map((lead) => writer.add({ lead, alreadyDelivered: done.get(lead.submissionKey) ?? new Set() })),
    );
    const retry = new Set<string>();
    const rejected = new Set<string>();
    for (const [index, result] of results.entries()) {
      const lead = leads[index]!;
      if (result.status === 'fulfilled') {
        saved++;
        continue;
      }
      if (databaseErrorKind(result.reason) === 'unavailable') {
        retry.add(lead.submissionKey);
        continue;
      }
      rejected.add(lead.submissionKey);
      log.error(
        `spooled lead ${lead.id} refused by the database, kept aside in ${spool.rejectedPlace}: ${describeError(result.reason)}`,
      );
      await alertRejected(lead.id, result.reason, 'lead-spool', deps, spool.rejectedPlace);
    }
    if (retry.size > 0) log.error(`database still unavailable: ${retry.size} spooled lead(s) kept for the next replay`);
    const keyOf = (entry: SpoolEntry) => (entry.type === 'lead' ? entry.lead.submissionKey : entry.submissionKey);
    return {
      retry: entries.filter((entry) => retry.has(keyOf(entry))),
      rejected: entries.filter((entry) => rejected.has(keyOf(entry))),
    };
  });
  return saved;
}
