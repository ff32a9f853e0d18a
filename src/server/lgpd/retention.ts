/*
 * The retention job (LGPD art. 15/16: personal data is eliminated once the
 * purpose that justified it ends). One pass, given the clock, removes exactly what is past
 * its period and nothing else:
 *
 * - identity documents (private_files) of implementation requests concluded or cancelled
 *   more than `documentDays` ago (counted from that status change: the documents served the
 *   implementation, which has then ended), and of any request older than `leadDays`
 *   whatever its status (one left open for years has no purpose left either); the request
 *   keeps its row, its document reference becomes null;
 * - leads older than `leadDays` are anonymised in place: name, e-mail, phone, company,
 *   message, IP hash and user agent emptied, so counts, dates, type, page and campaign stay
 *   for reporting; the team's notes on them are deleted and discard reasons emptied (free
 *   text written about the person), while the status history itself stays for the reports;
 * - deliveries older than `deliveryPayloadDays` that are finished (sent, logged or given
 *   up) lose their payload — the e-mail or webhook body, i.e. a copy of the lead — and last
 *   error; pending ones keep theirs, or they could not be sent;
 * - security events older than `securityEventDays` are deleted;
 * - raw visit events older than RETENTION_ANALYTICS_EVENT_DAYS, and the visitor-key salts of
 *   past days (`runAnalyticsRetention`, run in the same pass);
 * - data-subject requests nobody confirmed are deleted a week after their link expired
 *   (nobody proved the address, so no deadline runs; the week lets a late click still read
 *   "link expirado").
 *
 * Each kind is one statement returning only a count; the run logs counts, never data.
 * Runs from a pg-boss cron on the Node target (./feature.ts) and from Netlify's scheduled
 * function netlify/jobs/retention.mts (./scheduled-retention.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { REMOVED_REASON } from '~/lib/lead-pipeline';
import { saoPauloDay } from '~/lib/time-zone';
import type { RetentionPeriods } from '../config';
import type { DbOrTx } from '../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after its link expired an unconfirmed data-subject request is kept. */
export const UNCONFIRMED_DSR_GRACE_DAYS = 7;

/** The defaults of RETENTION_*_DAYS (see docs/privacy.md, "Retention"). */
export const DEFAULT_RETENTION: RetentionPeriods = {
  documentDays: 90,
  // Five calendar years always hold at least one 29 February.
  leadDays: 1826,
  deliveryPayloadDays: 30,
  securityEventDays: 365,
};

export interface RetentionCounts {
  documents: number;
  leads: number;
  /** Notes deleted and discard reasons emptied on leads past their period. */
  leadNotes: number;
  deliveryPayloads: number;
  securityEvents: number;
  unconfirmedRequests: number;
}

const before = (now: Date, days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;

async function count(db: DbOrTx, statement: SQL): Promise<number> {
  const result = (await db.execute(
    sql`with affected as (${statement}) select count(*)::int as n from affected`,
  )) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** One retention pass at `now`; returns how many rows of each kind it changed. */
export async function runRetention(db: DbOrTx, periods: RetentionPeriods, now: Date): Promise<RetentionCounts> {
  const documentCutoff = before(now, periods.documentDays);
  const leadCutoff = before(now, periods.leadDays);
  const ended = sql`(status in ('concluida', 'cancelada') and status_changed_at <= ${documentCutoff})
                    or created_at <= ${leadCutoff}`;
  const documents = await count(
    db,
    sql`delete from private_files where id in (
          select cnh_file_id from solicitacoes_implementacao where (${ended}) and cnh_file_id is not null
          union
          select responsavel_cnh_file_id from solicitacoes_implementacao
           where (${ended}) and responsavel_cnh_file_id is not null)
        returning 1`,
  );

  const leads = await count(
    db,
    sql`update contatos
           set nome = '', email = '', celular = '', empresa = '', mensagem = '', ip_hash = null, user_agent = null
         where created_at <= ${leadCutoff}
           and (nome <> '' or email <> '' or celular <> '' or empresa <> '' or mensagem <> ''
                or ip_hash is not null or user_agent is not null)
        returning 1`,
  );

  const oldLeads = sql`select id from contatos where created_at <= ${leadCutoff}`;
  const leadNotes =
    (await count(db, sql`delete from lead_notes where lead_id in (${oldLeads}) returning 1`)) +
    (await count(
      db,
      sql`update lead_status_changes set reason = ${REMOVED_REASON}
           where reason is not null and reason <> ${REMOVED_REASON} and lead_id in (${oldLeads})
          returning 1`,
    ));

  const deliveryPayloads = await count(
    db,
    sql`update deliveries set payload = '{}'::jsonb, last_error = null
         where created_at <= ${before(now, periods.deliveryPayloadDays)}
           and status in ('sent', 'logged', 'failed')
           and (payload <> '{}'::jsonb or last_error is not null)
        returning 1`,
  );

  const securityEvents = await count(
    db,
    sql`delete from security_events where created_at <= ${before(now, periods.securityEventDays)} returning 1`,
  );

  const unconfirmedRequests = await count(
    db,
    sql`delete from lgpd_requests
         where confirmed_at is null and token_expires_at <= ${before(now, UNCONFIRMED_DSR_GRACE_DAYS)}
        returning 1`,
  );

  return { documents, leads, leadNotes, deliveryPayloads, securityEvents, unconfirmedRequests };
}

/**
 * Raw visit events older than `days` deleted (the daily roll-ups the reports read stay: they
 * hold no visitor key), and the visitor-key salts of past days, which are what could link a
 * day's keys to another's. Returns how many events went.
 */
export async function runAnalyticsRetention(db: DbOrTx, days: number, now: Date): Promise<number> {
  const events = await count(db, sql`delete from analytics_events where at <= ${before(now, days)} returning 1`);
  await db.execute(sql`delete from analytics_salts where day < ${saoPauloDay(now)}::date`);
  return events;
}

/** The run's log line: counts only. */
export function describeRetention(counts: RetentionCounts, elapsedMs: number): string {
  return (
    `${counts.documents} documents deleted, ${counts.leads} leads anonymised ` +
    `(${counts.leadNotes} notes and discard reasons removed), ` +
    `${counts.deliveryPayloads} delivery payloads pruned, ${counts.securityEvents} security events deleted, ` +
    `${counts.unconfirmedRequests} unconfirmed data-subject requests deleted in ${elapsedMs} ms`
  );
}
