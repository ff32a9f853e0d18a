/*
 * Saving a group of leads in one transaction (the group-commit buffer hands them over
 * together, ./group-commit.ts): the rows, their deliveries, the round-robin's deal and the
 * proof of consent, so a lead is never saved without what it owes the team.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Config } from '../config';
import { connectorDeliveries, zapLeadBody } from '../connectors/payloads';
import { recordFormConsents, type FormConsentInput } from '../consent/consent-proof';
import { bulkInsert } from '../db/bulk';
import type { Db } from '../db/client';
import { deliveries, type NewDelivery } from '../db/schema/deliveries';
import { contatos, type LeadRecord } from '../db/schema/leads';
import { dealNewLeads } from '../inbox/assignment';
import type { DeliveryMeta, DeliveryRequest, Outbox } from '../outbox/outbox';
import { webhookDeliveryId } from '../webhooks';
import type { GroupCommitWriter } from './group-commit';
import { buildLeadEmail, leadWebhookBody } from './lead-email';

/** `deliveries.subject_type` of a lead's deliveries. */
const SUBJECT = 'lead';

export interface LeadWriteDeps {
  db: Db;
  outbox: Pick<Outbox, 'enqueueDeliveries'>;
  config: Pick<Config, 'leadNotifyTo' | 'leadWebhookUrls'> &
    Partial<Pick<Config, 'connectors' | 'siteUrl' | 'leadWebhookZapUrls' | 'leadWebhookZap'>>;
}

/** What waits in the group-commit buffer: a lead and the targets degraded mode already reached. */
export interface PendingLead {
  lead: LeadRecord;
  alreadyDelivered: Set<string>;
}

export type LeadWriter = GroupCommitWriter<PendingLead, { id: string; duplicate: boolean }>;

/**
 * One transaction: the rows, then their deliveries (one e-mail, one call per
 * webhook URL and one per configured connector), except targets already reached directly in degraded mode, which are
 * recorded as sent. A submission key already in the table (or twice in the group)
 * returns the first lead's id and sends nothing.
 */
export async function writeGroup(
  group: PendingLead[],
  deps: LeadWriteDeps,
): Promise<{ id: string; duplicate: boolean }[]> {
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
      consents.push({
        subjectId: lead.id,
        version: lead.consentVersion,
        page: lead.paginaOrigem,
        at: lead.consentAt,
        // A lead spooled before the box existed has neither field: no box shown, not ticked.
        marketing: { version: lead.marketingVersion ?? null, consent: lead.marketingConsent ?? false },
      });
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
        queued.push({
          kind: 'webhook',
          url,
          body: zapLeadBody(lead, deps.config.leadWebhookZap),
          meta,
          id: webhookDeliveryId(lead.id, url),
        });
      }
    }
    // The round-robin, when on, deals the new leads in this transaction (src/server/inbox/assignment.ts).
    const freshLeads = [...owners].filter(([key]) => fresh.has(key)).map(([, item]) => item.lead);
    const dealt = await dealNewLeads(tx, freshLeads, deps.config.siteUrl ?? '');
    for (const { leadId, message } of dealt) {
      queued.push({ kind: 'email', message, meta: { subjectType: SUBJECT, subjectId: leadId } });
    }
    // The CRMs get the lead with its assignee, so Pipedrive's owner is the salesperson who has it here.
    const assignees = new Map(dealt.map((item) => [item.leadId, item.assigneeEmail]));
    for (const lead of freshLeads) {
      const meta: DeliveryMeta = { subjectType: SUBJECT, subjectId: lead.id };
      const site = deps.config.siteUrl ?? '';
      for (const connector of connectorDeliveries(lead, deps.config.connectors ?? {}, site, assignees.get(lead.id))) {
        queued.push({ kind: connector.kind, url: connector.target, body: connector.body, meta });
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
