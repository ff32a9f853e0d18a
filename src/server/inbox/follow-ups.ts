/*
 * A lead's "Próximo passo" and the "Hoje" page (/admin/hoje), called by the follow-up
 * actions (src/actions/agenda.ts) and the lead page. One next step per lead: setting it
 * again replaces it (an upsert on `lead_id`), "Concluído" deletes it. It belongs to whoever
 * set it, so "Hoje" lists one's own first, then the rest of the team's; the morning digest
 * (./follow-up-digest.ts) mails each person theirs. Input arrives validated by
 * src/lib/validation/follow-up.ts; the date's range is checked here, with the clock.
 */
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import {
  followUpState,
  localDateTimeInstant,
  MAX_FOLLOW_UP_DAYS,
  todayBounds,
  type FollowUpKind,
  type FollowUpState,
} from '~/lib/follow-up';
import type { FollowUpInput } from '~/lib/validation/follow-up';
import type { DbOrTx } from '../db/client';
import { followUpDigestOptOuts, leadFollowUps } from '../db/schema/follow-ups';
import { contatos } from '../db/schema/leads';
import type { PipelineActor } from './pipeline';
import type { Clock } from '../clock';

export interface FollowUpDeps {
  db: DbOrTx;
  now: Clock;
}

export type FollowUpResult = { status: 'saved'; dueAt: Date } | { status: 'not_found' } | { status: 'out_of_range' };

/** A lead's next step as the lead page shows it. */
export interface NextStep {
  dueAt: Date;
  kind: FollowUpKind;
  note: string;
  userId: string;
  userName: string;
  state: FollowUpState;
}

/** One line of "Hoje" and of the digest. */
export interface DueFollowUp extends NextStep {
  leadId: string;
  leadName: string;
  /** For the one-tap "Ligar" and "WhatsApp" on the card. */
  leadPhone: string;
}

/** Whose steps "Hoje" shows at most, for the team's part (one's own are all shown). */
const TEAM_LIMIT = 100;
const DAY_MS = 86_400_000;

export async function setFollowUp(
  deps: FollowUpDeps,
  input: FollowUpInput,
  actor: PipelineActor,
): Promise<FollowUpResult> {
  const now = deps.now();
  const dueAt = localDateTimeInstant(input.quando)!;
  if (Math.abs(dueAt.getTime() - now.getTime()) > MAX_FOLLOW_UP_DAYS * DAY_MS) return { status: 'out_of_range' };
  const [lead] = await deps.db.select({ id: contatos.id }).from(contatos).where(eq(contatos.id, input.leadId));
  if (!lead) return { status: 'not_found' };
  const values = { dueAt, kind: input.tipo, note: input.nota, userId: actor.id, userName: actor.name, updatedAt: now };
  await deps.db
    .insert(leadFollowUps)
    .values({ leadId: input.leadId, ...values })
    .onConflictDoUpdate({ target: leadFollowUps.leadId, set: values });
  return { status: 'saved', dueAt };
}

/** "Concluído": the lead has no next step any more (nothing to do when it had none). */
export async function clearFollowUp(db: DbOrTx, leadId: string): Promise<void> {
  await db.delete(leadFollowUps).where(eq(leadFollowUps.leadId, leadId));
}

export async function nextStepOf(deps: FollowUpDeps, leadId: string): Promise<NextStep | null> {
  const [row] = await deps.db.select().from(leadFollowUps).where(eq(leadFollowUps.leadId, leadId));
  if (!row) return null;
  const { dueAt, kind, note, userId, userName } = row;
  return { dueAt, kind, note, userId, userName, state: followUpState(dueAt, deps.now()) };
}

/** The steps due before today ends (overdue ones included), oldest first; `who` narrows to one person or leaves one out. */
export async function dueFollowUps(
  deps: FollowUpDeps,
  who: { userId: string; others?: boolean } | undefined,
  limit?: number,
): Promise<DueFollowUp[]> {
  const now = deps.now();
  const person = who
    ? who.others
      ? ne(leadFollowUps.userId, who.userId)
      : eq(leadFollowUps.userId, who.userId)
    : undefined;
  const query = deps.db
    .select({
      leadId: leadFollowUps.leadId,
      leadName: contatos.nome,
      leadPhone: contatos.celular,
      dueAt: leadFollowUps.dueAt,
      kind: leadFollowUps.kind,
      note: leadFollowUps.note,
      userId: leadFollowUps.userId,
      userName: leadFollowUps.userName,
    })
    .from(leadFollowUps)
    .innerJoin(contatos, eq(contatos.id, leadFollowUps.leadId))
    .where(and(lt(leadFollowUps.dueAt, todayBounds(now).end), person))
    .orderBy(asc(leadFollowUps.dueAt), asc(leadFollowUps.leadId));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row, state: followUpState(row.dueAt, now) }));
}

/** "Hoje": the viewer's steps due today and overdue, then the rest of the team's. */
export async function todayFollowUps(
  deps: FollowUpDeps,
  viewerId: string,
): Promise<{ mine: DueFollowUp[]; team: DueFollowUp[] }> {
  const mine = await dueFollowUps(deps, { userId: viewerId });
  const team = await dueFollowUps(deps, { userId: viewerId, others: true }, TEAM_LIMIT);
  return { mine, team };
}

/** Whether this person gets the morning digest (everyone does until they turn it off). */
export async function receivesDigest(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: followUpDigestOptOuts.userId })
    .from(followUpDigestOptOuts)
    .where(eq(followUpDigestOptOuts.userId, userId));
  return !row;
}

/** Turns one's own morning digest on or off. */
export async function setDigest(deps: FollowUpDeps, userId: string, on: boolean): Promise<void> {
  if (on) await deps.db.delete(followUpDigestOptOuts).where(eq(followUpDigestOptOuts.userId, userId));
  else
    await deps.db
      .insert(followUpDigestOptOuts)
      .values({ userId, createdAt: deps.now() })
      .onConflictDoNothing({ target: followUpDigestOptOuts.userId });
}
