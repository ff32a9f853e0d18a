/*
 * Creating a lead: persist first, then notify (DESIGN.md "Flows").
 *
 * One transaction inserts the `contatos` row and queues the team e-mail and one
 * webhook call per LEAD_WEBHOOK_URLS entry (leads arriving together share it: see
 * ./group-commit.ts, whose buffer this service owns — one service per runtime, built
 * in src/server/compose.ts); the submission key makes a double
 * submit or a retry return the first lead instead of creating a second. If the
 * database cannot be reached the lead goes to the spool (a file, or Netlify Blobs) and is delivered
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
import { connectorDeliveries, zapLeadBody } from '../connectors/payloads';
import { recordFormConsents, type FormConsentInput } from '../consent/consent-proof';
import { bulkInsert } from '../db/bulk';
import { databaseErrorKind } from '../db/errors';
import { contatos, deliveries, type LeadRecord, type NewDelivery } from '../db/schema';
import { describeError, maskMessage } from '../describe-error';
import { lineLogger } from '../log/logger';
import type { DeliveryMeta, DeliveryRequest, Outbox } from '../outbox/outbox';
import { checkTextFields } from '../security';
import type { ServiceDeps } from '../service-deps';
import { postWebhook, webhookDeliveryId } from '../webhooks';
import { dealNewLeads } from '../inbox/assignment';
import { GroupCommitWriter } from './group-commit';
import { buildLeadEmail, leadWebhookBody } from './lead-email';
import { toLeadRecord } from './lead-record';
import { fileSpool, type LeadSpool, type SpoolEntry } from './spool';

export interface LeadServiceDeps extends Pick<
  ServiceDeps,
  'db' | 'sendMail' | 'security' | 'rateLimits' | 'now' | 'log'
> {
  outbox: Pick<Outbox, 'enqueueDeliveries'>;
  config: Pick<Config, 'dataDir' | 'leadNotifyTo' | 'leadWebhookUrls' | 'webhookSecret'> &
    /**
     * On 'netlify' there is no lasting disk: degraded mode delivers directly and keeps no spool.
     * Connectors (none when absent) are queued with the lead; HubSpot's page address and the
     * link in a round-robin assignee's e-mail need siteUrl.
     */
    Partial<Pick<Config, 'deployTarget' | 'connectors' | 'siteUrl' | 'leadWebhookZapUrls'>>;
  /** Degraded mode's direct webhook calls; default 10 s. */
  webhookTimeoutMs?: number;
  /**
   * Where degraded mode keeps leads: by default DATA_DIR's spool file on the Node target and
   * nothing on Netlify, where the composition root passes the Blobs spool (./blob-spool.ts).
   */
  spool?: LeadSpool | undefined;
}

function spoolOf(deps: LeadServiceDeps): LeadSpool | undefined {
  return deps.spool ?? (deps.config.deployTarget === 'netlify' ? undefined : fileSpool(deps.config.dataDir));
}

/** Who sent it, as the action sees the request. */
export interface LeadRequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type LeadResult =
  /** Saved (or already saved under this submission key: `duplicate`). */
  | { status: 'saved'; id: string; duplicate: boolean }
  /** Database unreachable: spooled (in Netlify Blobs on Netlify); `mailed` tells whether the team e-mail went out directly. */
  | { status: 'spooled'; id: string; mailed: boolean }
  | { status: 'rate_limited' }
  /** The database refused the values themselves (a data or constraint error): not saved, not spooled. */
  | { status: 'rejected'; id: string }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { status: 'ignored' };

const SUBJECT = 'lead';

export interface LeadService {
  /** Saves a lead with its deliveries; while the database is unreachable, spools it and delivers directly. */
  create(input: LeadInput, request: LeadRequestMeta): Promise<LeadResult>;
  /**
   * Saves every spooled lead (a lead already in the table is skipped by its submission
   * key) and queues the deliveries that did not go out directly. Each lead stands alone:
   * while the database is unavailable a lead goes back into the spool; a lead it refuses
   * for its content is set aside (the spool's rejected place), logged without its data and
   * raised as a `lead_rejected` event, and the others are saved all the same. One replay
   * at a time (the start-up replay and the interval's may otherwise meet). Returns how
   * many spooled leads were saved.
   */
  replaySpool(): Promise<number>;
}

/** What waits in the group-commit buffer: a lead and the targets degraded mode already reached. */
interface PendingLead {
  lead: LeadRecord;
  alreadyDelivered: Set<string>;
}

type LeadWriter = GroupCommitWriter<PendingLead, { id: string; duplicate: boolean }>;

/** The lead service of one runtime; it owns its group-commit buffer and its replay turn. */
export function createLeadService(deps: LeadServiceDeps): LeadService {
  const log = deps.log ?? lineLogger('error');
  const writer: LeadWriter = new GroupCommitWriter((group: PendingLead[]) => writeGroup(group, deps));
  let replaying: Promise<unknown> = Promise.resolve();
  return {
    create: (input, request) => createLead(input, request, deps, writer, log),
    replaySpool: () => {
      const pass = replaying.catch(() => undefined).then(() => replaySpool(deps, writer, log));
      replaying = pass;
      return pass;
    },
  };
}

async function createLead(
  input: LeadInput,
  request: LeadRequestMeta,
  deps: LeadServiceDeps,
  writer: LeadWriter,
  log: (line: string) => void,
): Promise<LeadResult> {
  if (input[HONEYPOT_FIELD]?.trim()) return { status: 'ignored' };
  if (!(await deps.rateLimits.allow('lead', request.ip))) return { status: 'rate_limited' };
  const now = deps.now();

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
    deps.security,
    { source: 'lead-form', ip: request.ip, email: input.email },
  );
  if (!checked.valid) input = { ...input, ...checked.cleaned };

  const lead = toLeadRecord(input, {
    id: randomUUID(),
    now,
    submissionKey: input.submission_key || randomUUID(),
    ipHash: request.ip ? deps.rateLimits.hashIp(request.ip) : null,
    userAgent: request.userAgent ?? null,
  });

  try {
    const saved = await writer.add({ lead, alreadyDelivered: new Set() });
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
    return deliverDirectly(lead, deps, log);
  }
}

/** A lead the database refused is a gap in validation or a crafted request: someone should look. */
async function alertRejected(id: string, error: unknown, source: string, deps: LeadServiceDeps, keptIn?: string) {
  await deps.security.log({
    type: 'lead_rejected',
    source,
    details: { lead_id: id, error: describeError(error), ...(keptIn ? { kept_in: keptIn } : {}) },
  });
}

/**
 * One transaction: the rows, then their deliveries (one e-mail, one call per
 * webhook URL and one per configured connector), except targets already reached directly in degraded mode, which are
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
      // Never sent directly in degraded mode: a spooled lead gets these when it is saved.
      for (const url of deps.config.leadWebhookZapUrls ?? []) {
        queued.push({ kind: 'webhook', url, body: zapLeadBody(lead), meta, id: webhookDeliveryId(lead.id, url) });
      }
      for (const connector of connectorDeliveries(lead, deps.config.connectors ?? {}, deps.config.siteUrl ?? '')) {
        queued.push({ kind: connector.kind, url: connector.target, body: connector.body, meta });
      }
    }
    // The round-robin, when on, deals the new leads in this transaction (src/server/inbox/assignment.ts).
    const dealt = await dealNewLeads(
      tx,
      [...owners].filter(([key]) => fresh.has(key)).map(([, item]) => item.lead),
      deps.config.siteUrl ?? '',
    );
    for (const { leadId, message } of dealt) {
      queued.push({ kind: 'email', message, meta: { subjectType: SUBJECT, subjectId: leadId } });
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
 * Degraded mode: spool first (the lead is safe on disk, or in Netlify Blobs on Netlify, where
 * a function's disk lasts one invocation), then send without the queue. On Netlify a spool
 * that cannot be reached either does not stop the direct e-mail; without that e-mail the
 * visitor is told to try again.
 */
async function deliverDirectly(
  lead: LeadRecord,
  deps: LeadServiceDeps,
  log: (line: string) => void,
): Promise<LeadResult> {
  const spool = spoolOf(deps);
  let kept = false;
  if (spool) {
    try {
      await spool.append([{ type: 'lead', lead }]);
      kept = true;
    } catch (error) {
      // On Node the spool is the promise that the lead is safe: without it the visitor must know.
      if (deps.config.deployTarget !== 'netlify') throw error;
      log(`[leads] lead ${lead.id} could not be kept in the spool: ${describeError(error)}`);
    }
  }
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

async function replaySpool(deps: LeadServiceDeps, writer: LeadWriter, log: (line: string) => void): Promise<number> {
  let saved = 0;
  const spool = spoolOf(deps);
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
      log(
        `[leads] spooled lead ${lead.id} refused by the database, kept aside in ${spool.rejectedPlace}: ${describeError(result.reason)}`,
      );
      await alertRejected(lead.id, result.reason, 'lead-spool', deps, spool.rejectedPlace);
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
