/*
 * Alert e-mails to the team (LEAD_NOTIFY_TO) when deliveries go wrong:
 * - a delivery failed for good (all its attempts spent): status 'failed';
 * - the backlog is stuck: the oldest pending delivery is older than ALERT_BACKLOG_MINUTES;
 * - a connector refused its configuration (./config-alert.ts), sent as it happens.
 *
 * Each kind is sent at most once per ALERT_REPEAT_MINUTES across all instances: the last
 * sending time is a row of `rate_limits` ('ops-alert:<kind>'), claimed by compare-and-set,
 * so an outage of hours makes a few alerts, not thousands, and two instances never send
 * the same one. Failures that happen meanwhile are counted in the next alert (it lists
 * every failure since the previous one). The checks read the database, so they run
 * anywhere: a timer in the Node server (./feature.ts) and each scheduled delivery run.
 *
 * An alert names deliveries by id, kind, subject (e.g. lead + its id), target (a webhook
 * by origin and hash, e-mail as "e-mail": a recipient can be a person) and error class
 * (masked), never a lead's data. It goes out through the mail transport directly, not
 * through the outbox: stuck behind the backlog it reports it would arrive too late, and a
 * failed alert must not raise another. It is logged too (level error/warn), so a log-based
 * alerting sees it when mail itself is what is down.
 */
import { sql } from 'drizzle-orm';
import { deliveryReason } from '~/lib/delivery-reason';
import { opsAlertMessages as copy } from '../../messages/ops-alerts';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import type { DeliveryKind } from '../db/schema/deliveries';
import { describeError, safeFirstLine } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';
import { maskPersonalData } from '../log/personal-data';
import type { SendMail } from '../mail';
import { targetLabel } from '../webhooks';
import { oldestPendingSeconds } from './delivery-stats';
import { type Clock, systemClock } from '../clock';

export type AlertKind = 'delivery-failed' | 'delivery-backlog';

export interface AlertDeps {
  db: DbOrTx;
  sendMail: SendMail;
  config: Pick<Config, 'leadNotifyTo' | 'alertBacklogMs' | 'alertRepeatMs'>;
  now?: Clock;
  log?: Logger;
}

export interface SentAlert {
  kind: AlertKind;
  subject: string;
  text: string;
  /** Deliveries the alert is about (failed ones, or pending ones). */
  count: number;
}

/** Deliveries listed by name in one alert; the rest are counted. */
const LISTED = 20;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? [];

const keyOf = (kind: string) => `ops-alert:${kind}`;

/** When this kind of alert (an AlertKind, or another alert's name: ./config-alert.ts) was last sent by any instance, or null. */
export async function lastSent(db: DbOrTx, kind: string): Promise<Date | null> {
  const [row] = rowsOf(await db.execute(sql`select window_start from rate_limits where key = ${keyOf(kind)}`));
  return row ? new Date(row['window_start'] as string | Date) : null;
}

/**
 * Records that this instance sends the alert at `at`, if no other instance did since
 * `previous` was read: true when the claim is ours.
 */
export async function claim(db: DbOrTx, kind: string, previous: Date | null, at: Date): Promise<boolean> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const result = previous
    ? await db.execute(sql`
        update rate_limits set window_start = ${now}, count = count + 1
        where key = ${keyOf(kind)} and window_start = ${previous.toISOString()}::timestamptz
        returning key`)
    : await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${keyOf(kind)}, ${now}, 1)
        on conflict (key) do nothing returning key`);
  return rowsOf(result).length > 0;
}

/** What a delivery error says, reduced to its class: no address, no URL path, no number. */
/** The failure's first line, masked and bounded, after its plain pt-BR reason when it has one (as the admin pages show it). */
function errorClass(error: unknown): string {
  if (typeof error !== 'string' || !error) return 'unknown';
  const technical = maskPersonalData(safeFirstLine(error)).slice(0, 120);
  const reason = deliveryReason(technical);
  return reason === undefined ? technical : `${reason} (${technical})`;
}

function subjectOf(row: Row): string {
  return row['subject_id']
    ? `${String(row['subject_type'])} ${String(row['subject_id'])}`
    : String(row['subject_type']);
}

async function failedAlert(
  db: DbOrTx,
  since: Date,
  until: Date,
  config: AlertDeps['config'],
): Promise<SentAlert | null> {
  const window = sql`status = 'failed' and updated_at > ${since.toISOString()}::timestamptz and updated_at <= ${until.toISOString()}::timestamptz`;
  const [{ n } = { n: 0 }] = rowsOf(await db.execute(sql`select count(*)::int as n from deliveries where ${window}`));
  const count = Number(n);
  if (count === 0) return null;
  const rows = rowsOf(
    await db.execute(sql`
      select id, kind, target, subject_type, subject_id, attempts, last_error from deliveries
      where ${window} order by updated_at limit ${LISTED}`),
  );
  const lines = rows.map(
    (row) =>
      `- ${String(row['id'])}: ${targetLabel(row['kind'] as DeliveryKind, String(row['target']))}, ` +
      `${subjectOf(row)}, ${String(row['attempts'])} tentativas, erro: ${errorClass(row['last_error'])}`,
  );
  if (count > rows.length) lines.push(copy.moreNotListed(count - rows.length));
  const text = [
    copy.failedIntro(count),
    '',
    copy.listHeading,
    ...lines,
    '',
    copy.repeatNote(Math.round(config.alertRepeatMs / 60_000)),
  ].join('\n');
  return { kind: 'delivery-failed', subject: copy.failedSubject(count), text, count };
}

async function backlogAlert(db: DbOrTx, oldestSeconds: number, config: AlertDeps['config']): Promise<SentAlert> {
  const rows = rowsOf(
    await db.execute(sql`
      select kind, case when kind = 'email' then '*' else target end as target, count(*)::int as n
      from deliveries where status in ('pending', 'retrying')
      group by 1, 2 order by n desc limit ${LISTED}`),
  );
  const count = rows.reduce((total, row) => total + Number(row['n']), 0);
  const minutes = Math.floor(oldestSeconds / 60);
  const text = [
    copy.backlogIntro(minutes, count),
    '',
    copy.backlogByTarget,
    ...rows.map((row) => `- ${targetLabel(row['kind'] as DeliveryKind, String(row['target']))}: ${String(row['n'])}`),
    '',
    copy.repeatNote(Math.round(config.alertRepeatMs / 60_000)),
  ].join('\n');
  return { kind: 'delivery-backlog', subject: copy.backlogSubject(minutes), text, count };
}

/**
 * Runs both checks once; sends (and returns) the alerts due. Never throws: a failed check
 * or send is logged and tried again at the next check.
 */
export async function checkDeliveryAlerts(deps: AlertDeps): Promise<SentAlert[]> {
  const { db, config } = deps;
  const log = deps.log ?? componentLogger('alerts');
  const now = (deps.now ?? systemClock)();
  const quiet = (last: Date | null) => last !== null && now.getTime() - last.getTime() < config.alertRepeatMs;
  const sent: SentAlert[] = [];

  const send = async (alert: SentAlert, previous: Date | null) => {
    if (!(await claim(db, alert.kind, previous, now))) return;
    const fields = { alert: alert.kind, count: alert.count };
    if (alert.kind === 'delivery-failed') log.error(fields, alert.subject);
    else log.warn(fields, alert.subject);
    try {
      await deps.sendMail({ to: config.leadNotifyTo, subject: alert.subject, text: alert.text });
      sent.push(alert);
    } catch (error) {
      log.error({ alert: alert.kind }, `alert e-mail not sent: ${describeError(error)}`);
    }
  };

  try {
    const previous = await lastSent(db, 'delivery-failed');
    if (!quiet(previous)) {
      // The first check ever looks one period back; later ones start where the last alert ended.
      const since = previous ?? new Date(now.getTime() - config.alertRepeatMs);
      const alert = await failedAlert(db, since, now, config);
      if (alert) await send(alert, previous);
    }
  } catch (error) {
    log.error(`failed-deliveries check: ${describeError(error)}`);
  }

  try {
    const oldest = await oldestPendingSeconds(db);
    if (oldest !== null && oldest * 1000 >= config.alertBacklogMs) {
      const previous = await lastSent(db, 'delivery-backlog');
      if (!quiet(previous)) await send(await backlogAlert(db, oldest, config), previous);
    }
  } catch (error) {
    log.error(`backlog check: ${describeError(error)}`);
  }
  return sent;
}

/** How often the Node server checks (the scheduled drain checks once per run). */
export const ALERT_CHECK_INTERVAL_MS = 60_000;

/** Checks every `intervalMs` until the returned stop() is called; checks never overlap. */
export function startAlertMonitor(deps: AlertDeps, intervalMs = ALERT_CHECK_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= checkDeliveryAlerts(deps).finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
