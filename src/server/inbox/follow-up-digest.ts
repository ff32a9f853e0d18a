/*
 * The morning digest: on each business day (src/lib/reply-deadline.ts's calendar) at 07:30 in
 * São Paulo, one e-mail to each active salesperson (vendas or admin) who has next steps due
 * today or overdue and has not turned the digest off — through the outbox, like every e-mail,
 * so a mail outage only delays it. The Node target runs it as a pg-boss cron (./feature.ts);
 * Netlify as a scheduled function (netlify/jobs/follow-up-digest.mts, ./scheduled-digest.ts).
 *
 * Each e-mail's delivery id is derived from the person and the day, so a second run the same
 * day (a retried job, two hosts) queues nothing more. The e-mail names the leads (as the
 * assignment e-mail does) and links to "Hoje"; the rest stays behind sign-in.
 */
import { createHash } from 'node:crypto';
import { digestEmail, followUpKindLabels } from '~/messages/inbox/follow-ups';
import { formatDate, formatDateHourMinute } from '~/lib/br-format';
import { escapeHtml } from '~/lib/escape';
import { isBusinessDay } from '~/lib/reply-deadline';
import { saoPauloDay } from '~/lib/time-zone';
import type { Db, DbOrTx } from '../db/client';
import type { MailMessage } from '../mail';
import type { DeliveryRequest } from '../outbox/outbox';
import { salespeople, type Salesperson } from './assignment';
import { dueFollowUps, receivesDigest, type DueFollowUp } from './follow-ups';
import type { Clock } from '../clock';

/** 07:30 on weekdays, São Paulo time (holidays are skipped by the run itself). */
export const DIGEST_CRON = '30 7 * * 1-5';
export const DIGEST_TIMEZONE = 'America/Sao_Paulo';
export const DIGEST_PATH = '/admin/hoje';

export interface DigestDeps {
  db: Db;
  now: Clock;
  siteUrl: string;
  /** Writes the deliveries in the caller's transaction: the outbox's, or a bare insert where no outbox runs. */
  enqueue: (tx: DbOrTx, items: DeliveryRequest[]) => Promise<string[]>;
}

export interface DigestCounts {
  /** Whether today is a business day (nothing is sent otherwise). */
  businessDay: boolean;
  /** E-mails queued (one per person with steps). */
  emails: number;
  /** People with steps who turned the digest off. */
  optedOut: number;
}

/** The delivery id of `userId`'s digest of `day`: the same on every run that day (a UUID layout). */
export function digestDeliveryId(userId: string, day: string): string {
  const hex = createHash('sha256').update(`pilota-digest\0${userId}\0${day}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One person's digest e-mail: each step's time, type, lead and note, overdue ones marked. */
export function digestMail(
  person: Salesperson,
  steps: readonly DueFollowUp[],
  now: Date,
  siteUrl: string,
): MailMessage {
  const e = digestEmail;
  const link = `${siteUrl}${DIGEST_PATH}`;
  const lines = steps.map((step) => {
    const late = step.state === 'atrasado' ? ` (${e.overdue})` : '';
    const note = step.note ? ` — ${step.note}` : '';
    return `${formatDateHourMinute(step.dueAt)}${late} · ${followUpKindLabels[step.kind]} · ${step.leadName}${note}`;
  });
  const firstName = person.name.split(' ')[0] ?? person.name;
  const text = `${e.greeting(firstName)}\n\n${e.intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${e.open}: ${link}\n\n${e.optOut}\n`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(e.greeting(firstName))}</p>
<p>${escapeHtml(e.intro)}</p>
<ul>
${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(link)}">${escapeHtml(e.open)}</a></p>
<p style="color:#475569">${escapeHtml(e.optOut)}</p>
</body></html>`;
  return { to: person.email, subject: e.subject(steps.length, formatDate(now)), text, html };
}

/** One run of the digest at `deps.now()`: what it queued, for the log. */
export async function runFollowUpDigest(deps: DigestDeps): Promise<DigestCounts> {
  const now = deps.now();
  if (!isBusinessDay(now)) return { businessDay: false, emails: 0, optedOut: 0 };
  const day = saoPauloDay(now);
  const items: DeliveryRequest[] = [];
  let optedOut = 0;
  for (const person of await salespeople(deps.db, now)) {
    const steps = await dueFollowUps({ db: deps.db, now: () => now }, { userId: person.id });
    if (steps.length === 0) continue;
    if (!(await receivesDigest(deps.db, person.id))) {
      optedOut++;
      continue;
    }
    items.push({
      kind: 'email',
      id: digestDeliveryId(person.id, day),
      message: digestMail(person, steps, now, deps.siteUrl),
      meta: { subjectType: 'follow-up-digest', subjectId: person.id },
    });
  }
  if (items.length > 0) await deps.db.transaction((tx) => deps.enqueue(tx, items));
  return { businessDay: true, emails: items.length, optedOut };
}

export const describeDigest = (counts: DigestCounts, elapsedMs: number) =>
  counts.businessDay
    ? `${counts.emails} digest e-mails queued, ${counts.optedOut} opted out, in ${elapsedMs} ms`
    : 'not a business day: no digest';
