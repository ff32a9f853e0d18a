/*
 * What a chaos scenario must end with, checked against what the visitors, the database,
 * the webhook receivers and the mailbox saw — the delivery contract of docs/operating.md:
 * - every accepted lead is one row (none lost, none stored twice, no row nobody sent);
 * - every lead reached every target at least once (a 2xx from each receiver, a message
 *   in the mailbox);
 * - a re-sent webhook carries the same X-Pilota-Delivery as the first call about that lead
 *   (and the lead's id in X-Pilota-Lead and the body), correctly signed; no call is about a
 *   lead that is not in the database;
 * - e-mails carry no delivery id (nodemailer makes a new Message-ID per attempt), so a
 *   re-sent notice is recognised by its lead (reply-to) and must say the same thing.
 * `problems` lists every breach (all empty when the contract holds); `figures` are what
 * the suite reports.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LEAD_NOTIFY_TO, type AcceptedLead } from './load';
import type { CapturedMail as ReceivedMail } from '../../scripts/support/smtp';
import type { ReceivedRequest as Call } from '../../scripts/support/receiver';

export interface LeadRow {
  id: string;
  email: string;
  submissionKey: string;
}

export interface WebhookTarget {
  name: string;
  calls: readonly Call[];
}

export interface Observations {
  accepted: ReadonlyMap<string, AcceptedLead>;
  rows: readonly LeadRow[];
  webhooks: readonly WebhookTarget[];
  mails: readonly ReceivedMail[];
  secret: string;
}

interface Arrival {
  email: string;
  leadId: string;
  bodyId: string;
  deliveryId: string;
  acknowledged: boolean;
  signed: boolean;
}

/** The lead a notice is about: lead notices are sent with reply-to the lead's address. */
const leadOf = (mail: ReceivedMail) => mail.replyTo?.[0]?.address ?? '';

const headerOf = (request: Call, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

function signatureValid(request: Call, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`);
  const given = Buffer.from(headerOf(request, 'X-Pilota-Signature'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function arrival(request: Call, secret: string): Arrival {
  const json = (request.json ?? {}) as { email?: unknown; id?: unknown };
  return {
    email: typeof json.email === 'string' ? json.email : '',
    leadId: headerOf(request, 'X-Pilota-Lead'),
    bodyId: typeof json.id === 'string' ? json.id : '',
    deliveryId: headerOf(request, 'X-Pilota-Delivery'),
    acknowledged: typeof request.reply === 'number' && request.reply >= 200 && request.reply < 300,
    signed: signatureValid(request, secret),
  };
}

function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Leads (by e-mail) of `emails` that a target has not acknowledged yet, per target; for waiting on convergence. */
export function undelivered(
  emails: Iterable<string>,
  webhooks: readonly WebhookTarget[],
  mails: readonly ReceivedMail[],
): Record<string, string[]> {
  const reached: [string, Set<string>][] = [
    ...webhooks.map((target): [string, Set<string>] => [
      target.name,
      new Set(
        target.calls
          .filter((request) => typeof request.reply === 'number' && request.reply >= 200 && request.reply < 300)
          .map((request) => String((request.json as { email?: unknown } | undefined)?.email ?? '')),
      ),
    ]),
    ['mail', new Set(mails.map(leadOf))],
  ];
  const list = [...emails];
  return Object.fromEntries(reached.map(([name, got]) => [name, list.filter((email) => !got.has(email))]));
}

export function judge(observed: Observations) {
  const { accepted, rows, webhooks, mails, secret } = observed;
  const rowsByEmail = groupBy(rows, (row) => row.email);
  const idByEmail = new Map(rows.map((row) => [row.email, row.id]));

  const leads = {
    lost: [...accepted.keys()].filter((email) => !rowsByEmail.has(email)),
    storedTwice: [...rowsByEmail].filter(([, group]) => group.length > 1).map(([email]) => email),
    notAccepted: rows.filter((row) => !accepted.has(row.email)).map((row) => row.email),
    otherSubmissionKey: rows
      .filter((row) => accepted.has(row.email) && accepted.get(row.email)!.submissionKey !== row.submissionKey)
      .map((row) => row.email),
  };

  const missing = undelivered(idByEmail.keys(), webhooks, mails);
  const webhookProblems: Record<string, Record<string, unknown[]>> = {};
  const webhookFigures: Record<string, Record<string, number>> = {};
  for (const target of webhooks) {
    const arrivals = target.calls.map((request) => arrival(request, secret));
    const byLead = groupBy(arrivals, (a) => a.email);
    const leadOfDelivery = groupBy(arrivals, (a) => a.deliveryId);
    const resends = [...byLead.values()].flatMap((group) =>
      group.slice(1).map((later) => ({ first: group[0]!, later })),
    );
    webhookProblems[target.name] = {
      unknownLeads: [...byLead.keys()].filter((email) => !idByEmail.has(email)),
      wrongLeadId: arrivals
        .filter((a) => idByEmail.has(a.email) && (a.leadId !== idByEmail.get(a.email) || a.bodyId !== a.leadId))
        .map((a) => a.email),
      withoutDeliveryId: arrivals.filter((a) => !a.deliveryId).map((a) => a.email),
      resentWithOtherDeliveryId: resends
        .filter(({ first, later }) => later.deliveryId !== first.deliveryId)
        .map(({ later }) => later.email),
      deliveryIdOfTwoLeads: [...leadOfDelivery]
        .filter(([, group]) => new Set(group.map((a) => a.email)).size > 1)
        .map(([id]) => id),
      badSignature: arrivals.filter((a) => !a.signed).map((a) => a.email),
    };
    const acknowledgedTwice = [...byLead.values()].filter((group) => group.filter((a) => a.acknowledged).length > 1);
    webhookFigures[target.name] = {
      requests: arrivals.length,
      acknowledged: arrivals.filter((a) => a.acknowledged).length,
      leadsReached: [...byLead.values()].filter((group) => group.some((a) => a.acknowledged)).length,
      resends: resends.length,
      resendsWithSameDeliveryId: resends.filter(({ first, later }) => later.deliveryId === first.deliveryId).length,
      leadsAcknowledgedTwice: acknowledgedTwice.length,
    };
  }

  const mailsByLead = groupBy(mails, leadOf);
  const mailResends = [...mailsByLead.values()].flatMap((group) =>
    group.slice(1).map((later) => ({ first: group[0]!, later })),
  );
  const mailProblems = {
    unknownLeads: [...mailsByLead.keys()].filter((email) => !idByEmail.has(email)),
    resentWithOtherContent: mailResends
      .filter(({ first, later }) => later.subject !== first.subject || later.text !== first.text)
      .map(({ later }) => leadOf(later)),
    notToTeam: mails.filter((mail) => !mail.envelopeTo.includes(LEAD_NOTIFY_TO)).map(leadOf),
  };

  const problems = { leads, undelivered: missing, webhooks: webhookProblems, mail: mailProblems };
  const figures = {
    leads: {
      accepted: accepted.size,
      posts: [...accepted.values()].reduce((sum, lead) => sum + lead.posts, 0),
      postedAgainAfterCutOff: [...accepted.values()].filter((lead) => lead.posts > 1).length,
      rows: rows.length,
      lost: leads.lost.length,
      storedTwice: leads.storedTwice.length,
    },
    webhooks: webhookFigures,
    mail: {
      messages: mails.length,
      leadsReached: mailsByLead.size,
      resends: mailResends.length,
      resendsIdentical: mailResends.length - mailProblems.resentWithOtherContent.length,
    },
  };
  return { problems, figures };
}

/** `problems` of a scenario where everything held: what the suite expects. */
export function noProblems(webhookNames: readonly string[]) {
  const none = {
    unknownLeads: [],
    wrongLeadId: [],
    withoutDeliveryId: [],
    resentWithOtherDeliveryId: [],
    deliveryIdOfTwoLeads: [],
    badSignature: [],
  };
  return {
    leads: { lost: [], storedTwice: [], notAccepted: [], otherSubmissionKey: [] },
    undelivered: Object.fromEntries([...webhookNames, 'mail'].map((name) => [name, []])),
    webhooks: Object.fromEntries(webhookNames.map((name) => [name, none])),
    mail: { unknownLeads: [], resentWithOtherContent: [], notToTeam: [] },
  };
}
