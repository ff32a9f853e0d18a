/*
 * Creating a lead: persist first, then notify (DESIGN.md "Flows").
 *
 * One transaction inserts the `contatos` row and queues the team e-mail and one
 * webhook call per LEAD_WEBHOOK_URLS entry (leads arriving together share it: see
 * "Group commit" below); the submission key makes a double
 * submit or a retry return the first lead instead of creating a second. If the
 * database cannot be reached the lead goes to the spool file and is delivered
 * directly; `replaySpool` saves it (once) when the database is back. A lead the
 * database refuses for its content (src/server/db/errors.ts) is the request's fault:
 * answered as such, never spooled — a spooled lead that can never be saved used to
 * block every lead spooled after it.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { LeadInput } from '~/lib/validation/lead';
import { HONEYPOT_FIELD } from '~/lib/validation/lead';
import type { Config } from '../config';
import { recordFormConsents, type FormConsentInput } from '../consent/consent-proof';
import { bulkInsert } from '../db/bulk';
import type { Db } from '../db/client';
import { databaseErrorKind } from '../db/errors';
import { contatos, deliveries, type NewDelivery } from '../db/schema';
import { describeError, maskMessage } from '../describe-error';
import { lineLogger } from '../log/logger';
import type { DeliveryMeta, DeliveryRequest, Outbox } from '../outbox/outbox';
import type { SendMail } from '../mail';
import { checkTextFields, createSecurityLogger } from '../security';
import { hashIp, hitRateLimit } from '../rate-limit';
import { postWebhook, webhookDeliveryId } from '../webhooks';
import { buildLeadEmail, leadWebhookBody } from './lead-email';
import { toLeadRecord, type LeadRecord } from './lead-record';
import { appendToSpool, drainSpool, REJECTED_SPOOL_FILE, type SpoolEntry } from './spool';

export interface LeadServiceDeps {
  db: Db;
  outbox: Pick<Outbox, 'enqueueDeliveries'>;
  /** Used directly only in degraded mode; normally the delivery engine sends. */
  sendMail: SendMail;
  config: Pick<
    Config,
    'dataDir' | 'leadNotifyTo' | 'leadWebhookUrls' | 'webhookSecret' | 'leadRateLimit' | 'authSecret'
  > &
    /** On 'netlify' there is no lasting disk: degraded mode delivers directly and keeps no spool. */
    Partial<Pick<Config, 'deployTarget'>>;
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
  /** Database unreachable: spooled (not on Netlify, which has no disk); `mailed` tells whether the team e-mail went out directly. */
  | { status: 'spooled'; id: string; mailed: boolean }
  | { status: 'rate_limited' }
  /** The database refused the values themselves (a data or constraint error): not saved, not spooled. */
  | { status: 'rejected'; id: string }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { status: 'ignored' };

const SUBJECT = 'lead';

export async function createLead(
  input: LeadInput,
  request: LeadRequestMeta,
  deps: LeadServiceDeps,
): Promise<LeadResult> {
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

  // SPEC §5's input check: markup is stripped and suspicious text recorded as a security event,
  // but the lead itself is kept — a contact request matters more than a stray "<b>", and every
  // value reaches SQL only as a parameter.
  const checked = await checkTextFields(
    {
      nome: input.nome,
      empresa: input.empresa,
      mensagem: input.mensagem,
      utm_source: input.utm_source,
      utm_medium: input.utm_medium,
      utm_campaign: input.utm_campaign,
    },
    createSecurityLogger({
      db: deps.db,
      secret: deps.config.authSecret ?? '',
      ...(deps.log ? { report: deps.log } : {}),
    }),
    { source: 'lead-form', ip: request.ip, email: input.email },
  );
  if (!checked.valid) input = { ...input, ...checked.cleaned };

  const lead = toLeadRecord(input, {
    id: randomUUID(),
    now,
    submissionKey: input.submission_key || randomUUID(),
    ipHash,
    userAgent: request.userAgent ?? null,
  });

  const log = deps.log ?? lineLogger('error');
  try {
    const saved = await saveLead(lead, new Set(), deps);
    return { status: 'saved', ...saved };
  } catch (error) {
    const kind = databaseErrorKind(error);
    if (kind === 'rejected') {
      log(`[leads] the database refused lead ${lead.id}; answered as invalid, not spooled: ${describeError(error)}`);
      await alertRejected(lead.id, error, 'lead-form', deps);
      return { status: 'rejected', id: lead.id };
    }
    // Unreachable, or failing for a reason of our own: either way the lead must not be lost.
    log(
      `[leads] ${kind === 'unavailable' ? 'database unavailable' : 'unexpected database error'}, spooling lead ${lead.id}: ${describeError(error)}`,
    );
    return deliverDirectly(lead, deps);
  }
}

/** A lead the database refused is a gap in validation or a crafted request: someone should look. */
async function alertRejected(id: string, error: unknown, source: string, deps: LeadServiceDeps, keptIn?: string) {
  await createSecurityLogger({
    db: deps.db,
    secret: deps.config.authSecret ?? '',
    ...(deps.log ? { report: deps.log } : {}),
  }).log({
    type: 'lead_rejected',
    source,
    details: { lead_id: id, error: describeError(error), ...(keptIn ? { kept_in: keptIn } : {}) },
  });
}

/*
 * Group commit. Every lead is written in a transaction together with its deliveries,
 * but leads arriving while a transaction is in flight share the next one: on the
 * embedded database each commit waits for an fsync and there is a single connection,
 * so one transaction per lead would cap the site at one fsync per lead (~150/s here).
 * A visitor is answered only after the commit that holds their lead. If a shared
 * transaction fails, each of its leads is retried on its own, so one bad row never
 * fails the others.
 */
interface PendingLead {
  lead: LeadRecord;
  alreadyDelivered: Set<string>;
  deps: LeadServiceDeps;
  resolve: (result: { id: string; duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

const MAX_GROUP = 200;
/** How long the first lead of a group waits for others (also lets the event loop take in more requests). */
const GROUP_WINDOW_MS = 2;
const pending: PendingLead[] = [];
let writing = false;

function saveLead(lead: LeadRecord, alreadyDelivered: Set<string>, deps: LeadServiceDeps) {
  return new Promise<{ id: string; duplicate: boolean }>((resolve, reject) => {
    pending.push({ lead, alreadyDelivered, deps, resolve, reject });
    if (!writing) {
      // A short window lets requests being handled right now join the same commit.
      writing = true;
      setTimeout(() => void writePending(), GROUP_WINDOW_MS);
    }
  });
}

async function writePending(): Promise<void> {
  writing = true;
  try {
    while (pending.length > 0) {
      // Leads share a transaction only when they go to the same database with the same settings.
      const first = pending[0]!;
      const group: PendingLead[] = [];
      for (let i = 0; i < pending.length && group.length < MAX_GROUP;) {
        const item = pending[i]!;
        if (
          item.deps.db === first.deps.db &&
          item.deps.outbox === first.deps.outbox &&
          item.deps.config === first.deps.config
        ) {
          group.push(item);
          pending.splice(i, 1);
        } else i++;
      }
      try {
        const results = await writeGroup(group, first.deps);
        group.forEach((item, index) => item.resolve(results[index]!));
      } catch (error) {
        // Unreachable is unreachable for every lead of the group: no point trying them one by one.
        if (group.length === 1 || databaseErrorKind(error) === 'unavailable') {
          for (const item of group) item.reject(error);
          continue;
        }
        for (const item of group) {
          await writeGroup([item], item.deps).then(
            ([result]) => item.resolve(result!),
            (single: unknown) => item.reject(single),
          );
        }
      }
    }
  } finally {
    writing = false;
  }
}

/**
 * One transaction: the rows, then their deliveries (one e-mail and one call per
 * webhook URL), except targets already reached directly in degraded mode, which are
 * recorded as sent. A submission key already in the table (or twice in the group)
 * returns the first lead's id and sends nothing.
 */
async function writeGroup(group: PendingLead[], deps: LeadServiceDeps): Promise<{ id: string; duplicate: boolean }[]> {
  return deps.db.transaction(async (tx) => {
    const owners = new Map<string, PendingLead>();
    for (const item of group) if (!owners.has(item.lead.submissionKey)) owners.set(item.lead.submissionKey, item);
    const inserted = await bulkInsert<typeof contatos, { id: string; submissionKey: string }>(
      tx,
      contatos,
      [...owners.values()].map((item) => item.lead),
      {
        onConflictDoNothing: contatos.submissionKey,
        returning: { id: contatos.id, submissionKey: contatos.submissionKey },
      },
    );
    const fresh = new Set(inserted.map((row) => row.submissionKey));
    const ids = new Map(inserted.map((row) => [row.submissionKey, row.id]));
    const missing = [...owners.keys()].filter((key) => !fresh.has(key));
    if (missing.length > 0) {
      const existing = await tx
        .select({ id: contatos.id, submissionKey: contatos.submissionKey })
        .from(contatos)
        .where(inArray(contatos.submissionKey, missing));
      for (const row of existing) ids.set(row.submissionKey, row.id);
    }

    const queued: DeliveryRequest[] = [];
    const sentDirectly: NewDelivery[] = [];
    const consents: FormConsentInput[] = [];
    for (const [key, item] of owners) {
      if (!fresh.has(key)) continue;
      const { lead, alreadyDelivered } = item;
      consents.push({ subjectId: lead.id, version: lead.consentVersion, page: lead.paginaOrigem, at: lead.consentAt });
      const meta: DeliveryMeta = { subjectType: SUBJECT, subjectId: lead.id };
      const email = buildLeadEmail(lead, deps.config.leadNotifyTo);
      const body = leadWebhookBody(lead);
      const sent = (kind: 'email' | 'webhook', target: string, payload: object): NewDelivery => ({
        // A webhook keeps the delivery id its direct call carried (X-Pilota-Delivery).
        id: kind === 'webhook' ? webhookDeliveryId(lead.id, target) : randomUUID(),
        kind,
        target,
        subjectType: SUBJECT,
        subjectId: lead.id,
        payload,
        status: 'sent',
        attempts: 1,
        lastAttemptAt: lead.createdAt,
        deliveredAt: lead.createdAt,
        // Already delivered: nothing for the dispatcher to queue.
        dispatchedAt: lead.createdAt,
      });
      if (alreadyDelivered.has(`email ${email.to as string}`))
        sentDirectly.push(sent('email', email.to as string, email));
      else queued.push({ kind: 'email', message: email, meta });
      for (const url of deps.config.leadWebhookUrls) {
        if (alreadyDelivered.has(`webhook ${url}`)) sentDirectly.push(sent('webhook', url, body));
        else queued.push({ kind: 'webhook', url, body, meta, id: webhookDeliveryId(lead.id, url) });
      }
    }
    // Proof of consent (LGPD art. 8): the notice version, its text's hash, time and page, with the lead.
    if (consents.length > 0) await recordFormConsents(tx, 'lead', consents);
    if (sentDirectly.length > 0) await bulkInsert(tx, deliveries, sentDirectly, { onConflictDoNothing: deliveries.id });
    await deps.outbox.enqueueDeliveries(tx, queued);

    return group.map((item) => {
      const owner = owners.get(item.lead.submissionKey)!;
      return {
        id: ids.get(item.lead.submissionKey)!,
        duplicate: owner !== item || !fresh.has(item.lead.submissionKey),
      };
    });
  });
}

/**
 * Degraded mode: spool first (the lead is safe on disk), then send without the queue. On
 * Netlify a function's disk lasts one invocation and nothing would ever replay it, so there
 * is no spool: the direct e-mail is all the team gets, and without it the visitor is told
 * to try again.
 */
async function deliverDirectly(lead: LeadRecord, deps: LeadServiceDeps): Promise<LeadResult> {
  const { dataDir } = deps.config;
  const log = deps.log ?? lineLogger('error');
  const spool = deps.config.deployTarget !== 'netlify';
  const keep = (entries: SpoolEntry[]) => (spool ? appendToSpool(dataDir, entries) : Promise.resolve());
  await keep([{ type: 'lead', lead }]);
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
        log(`[leads] direct webhook to ${maskMessage(url)} for lead ${lead.id} failed: ${describeError(error)}`),
      );
  }

  const email = buildLeadEmail(lead, deps.config.leadNotifyTo);
  let mailed = false;
  try {
    await deps.sendMail(email);
    mailed = true;
    await keep([delivered('email', email.to as string)]);
  } catch (error) {
    log(`[leads] direct e-mail for lead ${lead.id} failed: ${describeError(error)}`);
  }
  return { status: 'spooled', id: lead.id, mailed };
}

/**
 * Saves every spooled lead (a lead already in the table is skipped by its submission
 * key) and queues the deliveries that did not go out directly. Each lead stands alone:
 * while the database is unavailable a lead goes back into the spool; a lead it refuses
 * for its content is set aside (REJECTED_SPOOL_FILE), logged without its data and
 * raised as a `lead_rejected` event, and the others are saved all the same.
 * Returns how many spooled leads were saved.
 */
export async function replaySpool(deps: LeadServiceDeps): Promise<number> {
  const log = deps.log ?? lineLogger('error');
  let saved = 0;
  await drainSpool(deps.config.dataDir, async (entries) => {
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
      leads.map((lead) => saveLead(lead, done.get(lead.submissionKey) ?? new Set(), deps)),
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
      log(
        `[leads] spooled lead ${lead.id} refused by the database, kept aside in ${REJECTED_SPOOL_FILE}: ${describeError(result.reason)}`,
      );
      await alertRejected(lead.id, result.reason, 'lead-spool', deps, REJECTED_SPOOL_FILE);
    }
    if (retry.size > 0)
      log(`[leads] database still unavailable: ${retry.size} spooled lead(s) kept for the next replay`);
    const keyOf = (entry: SpoolEntry) => (entry.type === 'lead' ? entry.lead.submissionKey : entry.submissionKey);
    return {
      retry: entries.filter((entry) => retry.has(keyOf(entry))),
      rejected: entries.filter((entry) => rejected.has(keyOf(entry))),
    };
  });
  return saved;
}
