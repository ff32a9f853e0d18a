/*
 * Moving a lead through the pipeline and writing notes on it, called by the inbox's
 * actions (src/actions/leads.ts).
 *
 * A status change is one conditional UPDATE (`… where id = $lead and status = $de`) and
 * its history row, in one transaction: when two people move the same lead at once, the
 * second finds the status changed and is told so (`stale`, with the status it has now and
 * who made the last change) instead of overwriting it. Input arrives validated by src/lib/validation/lead-pipeline.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { discardReasonText } from '~/lib/discard-reasons';
import { STATUS_NEEDING_REASON, type LeadStatus } from '~/lib/lead-pipeline';
import type { LeadNoteInput, StatusChangeInput } from '~/lib/validation/lead-pipeline';
import type { DbOrTx } from '../db/client';
import { contatos, leadAssignments, leadNotes, leadStatusChanges } from '../db/schema/leads';
import { readDiscardReasons } from './discard-reasons';
import type { Clock } from '../clock';

export interface PipelineDeps {
  db: DbOrTx;
  now: Clock;
}

/** Who makes a change: the signed-in team member (AdminActor's id and name). */
export interface PipelineActor {
  id: string;
  name: string;
}

export type StatusChangeResult =
  | { status: 'changed'; changedAt: Date }
  | { status: 'not_found' }
  /** A discard's reason is not in the admins' list any more (it changed after the page was opened). */
  | { status: 'unknown_reason' }
  /** Someone changed it first: `current` is the status it has now, `by` who made the last change (if recorded). */
  | { status: 'stale'; current: LeadStatus; by: PipelineActor | null };

export async function changeLeadStatus(
  deps: PipelineDeps,
  input: StatusChangeInput,
  actor: PipelineActor,
): Promise<StatusChangeResult> {
  const changedAt = deps.now();
  return deps.db.transaction(async (tx) => {
    // A discard keeps a label of the current list, or "Outro: " and the words typed.
    const reason =
      input.para === STATUS_NEEDING_REASON
        ? discardReasonText(input.motivo, input.motivoOutro, await readDiscardReasons(tx))
        : undefined;
    if (input.para === STATUS_NEEDING_REASON && !reason) return { status: 'unknown_reason' };
    const [moved] = await tx
      .update(contatos)
      .set({
        status: input.para,
        statusChangedAt: changedAt,
        // The first move out of `novo` is the first contact (the reports' median); later ones keep it.
        ...(input.de === 'novo' ? { firstContactAt: sql`coalesce(${contatos.firstContactAt}, ${changedAt})` } : {}),
      })
      .where(and(eq(contatos.id, input.leadId), eq(contatos.status, input.de)))
      .returning({ id: contatos.id });
    if (!moved) {
      const [lead] = await tx.select({ status: contatos.status }).from(contatos).where(eq(contatos.id, input.leadId));
      if (!lead) return { status: 'not_found' };
      const [last] = await tx
        .select({ id: leadStatusChanges.userId, name: leadStatusChanges.userName })
        .from(leadStatusChanges)
        .where(eq(leadStatusChanges.leadId, input.leadId))
        .orderBy(desc(leadStatusChanges.createdAt), desc(leadStatusChanges.id))
        .limit(1);
      return {
        status: 'stale',
        current: lead.status,
        by: last?.id && last.name ? { id: last.id, name: last.name } : null,
      };
    }
    await tx.insert(leadStatusChanges).values({
      leadId: input.leadId,
      fromStatus: input.de,
      toStatus: input.para,
      reason: reason ?? null,
      userId: actor.id,
      userName: actor.name,
      createdAt: changedAt,
    });
    return { status: 'changed', changedAt };
  });
}

export type NoteResult = { status: 'added'; id: string } | { status: 'not_found' };

export async function addLeadNote(deps: PipelineDeps, input: LeadNoteInput, actor: PipelineActor): Promise<NoteResult> {
  return deps.db.transaction(async (tx) => {
    // Locks the lead so a deletion cannot slip between the check and the insert.
    const [lead] = await tx
      .select({ id: contatos.id })
      .from(contatos)
      .where(eq(contatos.id, input.leadId))
      .for('update');
    if (!lead) return { status: 'not_found' };
    const [note] = await tx
      .insert(leadNotes)
      .values({
        leadId: input.leadId,
        body: input.texto,
        userId: actor.id,
        userName: actor.name,
        createdAt: deps.now(),
      })
      .returning({ id: leadNotes.id });
    return { status: 'added', id: note!.id };
  });
}

/** A lead's timeline: status changes, notes and changes of salesperson, newest first (what happened last is what the salesperson needs). */
export async function leadTimeline(deps: Pick<PipelineDeps, 'db'>, leadId: string) {
  const [changes, notes, assignments] = await Promise.all([
    deps.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, leadId)),
    deps.db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId)),
    deps.db.select().from(leadAssignments).where(eq(leadAssignments.leadId, leadId)),
  ]);
  return [
    ...changes.map((change) => ({ kind: 'status' as const, at: change.createdAt, change })),
    ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
    ...assignments.map((assignment) => ({ kind: 'assignment' as const, at: assignment.createdAt, assignment })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
}
