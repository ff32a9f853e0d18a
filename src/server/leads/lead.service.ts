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
 * answered as such, never spooled: a spooled lead that can never be saved would block
 * every lead spooled after it.
 *
 * The group's transaction is ./lead-write.ts; the spool and the direct sends, ./degraded-mode.ts.
 */
import { randomUUID } from 'node:crypto';
import type { LeadInput } from '~/lib/validation/lead';
import { HONEYPOT_FIELD } from '~/lib/validation/lead';
import type { Config } from '../config';
import { databaseErrorKind } from '../db/errors';
import { describeError } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import { checkTextFields } from '../security';
import type { ServiceDeps } from '../service-deps';
import {
  alertRejected,
  deliverDirectly,
  directDeliveryGate,
  replaySpool,
  spoolFor,
  type DirectDeliveryGate,
} from './degraded-mode';
import { GroupCommitWriter } from './group-commit';
import { writeGroup, type LeadWriter, type PendingLead } from './lead-write';
import { toLeadRecord } from './lead-record';
import type { LeadSpool } from './spool';

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
    Partial<Pick<Config, 'deployTarget' | 'connectors' | 'siteUrl' | 'leadWebhookZapUrls' | 'leadWebhookZap'>>;
  /** Degraded mode's direct webhook calls; default 10 s. */
  webhookTimeoutMs?: number;
  /**
   * Where degraded mode keeps leads: by default DATA_DIR's spool file on the Node target and
   * nothing on Netlify, where the composition root passes the Blobs spool (./blob-spool.ts).
   */
  spool?: LeadSpool | undefined;
}

/** Who sent it, as the action sees the request. */
export interface LeadRequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type LeadResult =
  /** Saved (or already saved under this submission key: `duplicate`). */
  | { status: 'saved'; id: string; duplicate: boolean }
  /**
   * Database unreachable: `kept` in the spool (in Netlify Blobs on Netlify) for the replay;
   * `mailed` tells whether the team e-mail went out directly (the first lead of a minute only).
   */
  | { status: 'spooled'; id: string; kept: boolean; mailed: boolean }
  /** Database unreachable and the spool at a cap (./spool-limits.ts): nothing kept, the visitor must try again. */
  | { status: 'spool_full' }
  | { status: 'rate_limited' }
  /** The database refused the values themselves (a data or constraint error): not saved, not spooled. */
  | { status: 'rejected'; id: string }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { status: 'ignored' };

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

/** The lead service of one runtime; it owns its group-commit buffer and its replay turn. */
export function createLeadService(serviceDeps: LeadServiceDeps): LeadService {
  // One spool per service: it counts its caps and serialises its writes (./spool.ts).
  const deps = { ...serviceDeps, spool: spoolFor(serviceDeps) };
  const log = deps.log ?? componentLogger('leads');
  const writer: LeadWriter = new GroupCommitWriter((group: PendingLead[]) => writeGroup(group, deps));
  const gate = directDeliveryGate(deps.spool);
  let replaying: Promise<unknown> = Promise.resolve();
  return {
    create: (input, request) => createLead(input, request, deps, writer, gate, log),
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
  gate: DirectDeliveryGate,
  log: Logger,
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
      log.error(`the database refused lead ${lead.id}; answered as invalid, not spooled: ${describeError(error)}`);
      await alertRejected(lead.id, error, 'lead-form', deps);
      return { status: 'rejected', id: lead.id };
    }
    // Unreachable, or failing for a reason of our own: either way the lead must not be lost.
    log.error(
      `${kind === 'unavailable' ? 'database unavailable' : 'unexpected database error'}, spooling lead ${lead.id}: ${describeError(error)}`,
    );
    return deliverDirectly(lead, deps, gate, log);
  }
}
